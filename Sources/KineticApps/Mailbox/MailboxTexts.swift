import KineticRuntime

/// The Mailbox's own texts (issue #39): each by its key and in English, taken from the run's `Localization` where it
/// is shown (`MailboxViewContext.texts`). Served content (senders, subjects, bodies, times) stays as served.
enum MailboxText {
    // Compose
    static let newMessage = LocalizedText("mailbox.compose.title", "New Message")
    static let cancel = LocalizedText("mailbox.cancel", "Cancel")
    static let send = LocalizedText("mailbox.compose.send", "Send")
    static let toCaption = LocalizedText("mailbox.compose.to-caption", "To:")
    static let subjectCaption = LocalizedText("mailbox.compose.subject-caption", "Subject:")
    static let ccCaption = LocalizedText("mailbox.compose.cc-caption", "Cc:")
    static let bccCaption = LocalizedText("mailbox.compose.bcc-caption", "Bcc:")
    /// A forwarded message's header lines, above its own text.
    static let fromCaption = LocalizedText("mailbox.compose.from-caption", "From:")
    static let dateCaption = LocalizedText("mailbox.compose.date-caption", "Date:")
    static let forwardedLine = LocalizedText("mailbox.compose.forwarded", "---------- Forwarded message ----------")
    /// A forward's files, on the sheet's foot, and the button that leaves them out (with its name to a screen reader).
    static let forwardedFiles = LocalizedText("mailbox.compose.forwarded-files", "Files sent with it: {files}")
    static let leaveOut = LocalizedText("mailbox.compose.leave-out", "Leave Out")
    static let leaveOutFiles = LocalizedText("mailbox.compose.leave-out-files", "Leave out the files")
    static let toField = LocalizedText("mailbox.compose.to", "To")
    /// The Cc and Bcc fields' names, as a screen reader says them.
    static let ccField = LocalizedText("mailbox.compose.cc", "Cc")
    static let bccField = LocalizedText("mailbox.compose.bcc", "Bcc")
    static let subjectField = LocalizedText("mailbox.compose.subject", "Subject")
    static let messageField = LocalizedText("mailbox.compose.message", "Message")
    static let keepThisMessage = LocalizedText("mailbox.compose.keep-question", "Keep this message?")
    static let saveDraft = LocalizedText("mailbox.compose.save-draft", "Save Draft")
    static let deleteDraft = LocalizedText("mailbox.compose.delete-draft", "Delete Draft")
    static let keepEditing = LocalizedText("mailbox.compose.keep-editing", "Keep Editing")
    // The date picker
    static let pickADate = LocalizedText("mailbox.picker.title", "Pick a date")
    static let schedule = LocalizedText("mailbox.picker.schedule", "Schedule")
    static let comesBack = LocalizedText("mailbox.picker.comes-back", "Comes back {moment}")
    static let dayAndTime = LocalizedText("mailbox.later.day-and-time", "{day} {time}")
    static let chooseAfterNow = LocalizedText("mailbox.picker.choose-after-now", "Choose a time after now")
    // The menu and the bar
    static let mailbox = LocalizedText("mailbox.menu.title", "Mailbox")
    static let lists = LocalizedText("mailbox.menu.lists", "Lists")
    static let folders = LocalizedText("mailbox.menu.folders", "Folders")
    static let gallery = LocalizedText("mailbox.menu.gallery", "Gallery")
    static let settings = LocalizedText("mailbox.menu.settings", "Settings")
    static let flickDecidesOn = LocalizedText("mailbox.menu.flick-decides-on", "Flick decides the action: on")
    static let flickDecidesOff = LocalizedText("mailbox.menu.flick-decides-off", "Flick decides the action: off")
    static let emptyTrash = LocalizedText("mailbox.empty-trash", "Empty Trash")
    static let mailboxes = LocalizedText("mailbox.bar.mailboxes", "Mailboxes")
    static let newMessageButton = LocalizedText("mailbox.bar.new-message", "New message")
    static let emptyTheTrash = LocalizedText("mailbox.trash.question", "Empty the Trash?")
    static let willBeDeleted = LocalizedPlural("mailbox.trash.will-be-deleted", one: "One message will be deleted for good. Undo can still bring it back.",
                                               other: "{count} messages will be deleted for good. Undo can still bring them back.")
    static let undo = LocalizedText("mailbox.undo", "Undo")
    // Reading a mail server's mailboxes
    static let readingMail = LocalizedText("mailbox.progress.reading", "Reading mail")
    static let readingMailProgress = LocalizedText("mailbox.progress.count", "{read} of {kept}")
    // The search
    static let search = LocalizedText("mailbox.search", "Search")
    static let closeSearch = LocalizedText("mailbox.search.close", "Close the search")
    static let goesOn = LocalizedPlural("mailbox.reader.goes-on", one: "The message goes on for one more character, too long to show here.",
                                        other: "The message goes on for {count} more characters, too long to show here.")
    static let searchFound = LocalizedPlural("mailbox.search.found", one: "One message found", other: "{count} messages found")
    static let searchFoundNothing = LocalizedText("mailbox.search.nothing", "No message here holds “{query}”.")
    // The reader
    static let back = LocalizedText("mailbox.reader.back", "Back")
    static let attachment = LocalizedText("mailbox.reader.attachment", "Attachment: {name}, {size}")
    /// An attachment's buttons, and what a screen reader hears of them.
    static let open = LocalizedText("mailbox.reader.open", "Open")
    static let save = LocalizedText("mailbox.reader.save", "Save")
    static let openFile = LocalizedText("mailbox.reader.open-file", "Open {name}")
    static let saveFile = LocalizedText("mailbox.reader.save-file", "Save {name} in Downloads")
    /// How opening or saving a file ended.
    static let attachmentSaved = LocalizedText("mailbox.banner.attachment-saved", "Saved “{name}” as {path}")
    static let attachmentOpened = LocalizedText("mailbox.banner.attachment-opened", "Opened “{name}”")
    static let attachmentNotSaved = LocalizedText("mailbox.banner.attachment-not-saved", "“{name}” was not saved: {reason}")
    static let attachmentNotOpened = LocalizedText("mailbox.banner.attachment-not-opened", "“{name}” was not opened: {reason}")
    static let kilobytes = LocalizedText("mailbox.size.kilobytes", "{count} KB")
    static let megabytes = LocalizedText("mailbox.size.megabytes", "{count} MB")
    static let archive = LocalizedText("mailbox.action.archive", "Archive")
    static let delete = LocalizedText("mailbox.action.delete", "Delete")
    static let later = LocalizedText("mailbox.action.later", "Later")
    static let list = LocalizedText("mailbox.action.list", "List")
    static let reply = LocalizedText("mailbox.action.reply", "Reply")
    static let replyAll = LocalizedText("mailbox.action.reply-all", "Reply All")
    static let forward = LocalizedText("mailbox.action.forward", "Forward")
    static let from = LocalizedText("mailbox.reader.from", "From {sender}, {time}")
    // A row's actions (its context menu and a screen reader's actions)
    static let laterEllipsis = LocalizedText("mailbox.action.later-ellipsis", "Later…")
    static let listEllipsis = LocalizedText("mailbox.action.list-ellipsis", "List…")
    // What a screen reader is told once a message is filed, or put back
    static let archived = LocalizedText("mailbox.said.archived", "Archived. Undo available.")
    static let deleted = LocalizedText("mailbox.said.deleted", "Deleted. Undo available.")
    static let laterUntil = LocalizedText("mailbox.said.later", "Later: {moment}. Undo available.")
    static let movedToList = LocalizedText("mailbox.said.moved-to-list", "Moved to {list}. Undo available.")
    static let deletedForGood = LocalizedText("mailbox.said.deleted-for-good", "Deleted for good. Undo available.")
    static let movedToInbox = LocalizedText("mailbox.said.moved-to-inbox", "Moved to the Inbox. Undo available.")
    static let undoneBackIn = LocalizedText("mailbox.said.undone", "Undone: back in {place}.")
    static let aList = LocalizedText("mailbox.said.a-list", "a list")
    static let theList = LocalizedText("mailbox.said.the-list", "the list")
    // Words written into mail
    static let wroteLine = LocalizedText("mailbox.compose.wrote", "{sender} wrote:")
    /// Said when Ctrl-C copied the reader's text.
    static let copied = LocalizedText("mailbox.reader.copied", "The message's text is copied")
    static let wroteOnLine = LocalizedText("mailbox.compose.wrote-on", "On {date}, {sender} wrote:")
    /// Why Send is grey: an entry of To that is not an address.
    static let notAnAddress = LocalizedText("mailbox.compose.not-an-address", "“{text}” is not an address")
    /// Why Send is grey: an entry of Cc, or of Bcc, that is not an address.
    static let notAnAddressInCc = LocalizedText("mailbox.compose.not-an-address-cc", "Cc: “{text}” is not an address")
    static let notAnAddressInBcc = LocalizedText("mailbox.compose.not-an-address-bcc", "Bcc: “{text}” is not an address")
    static let noSubject = LocalizedText("mailbox.compose.no-subject", "(no subject)")
    static let toLine = LocalizedText("mailbox.sent.to", "To: {recipient}")
    /// Said as Send closes compose: where the message went (with a mail server it goes on from there, and a refusal
    /// is said in its own banner).
    static let putInSent = LocalizedText("mailbox.said.in-sent", "“{subject}” is in Sent.")
    // Row and menu details a screen reader hears
    static let unread = LocalizedText("mailbox.said.unread", "unread")
    /// Which account a row's message came through, when the Mailbox reads several.
    static let inAccount = LocalizedText("mailbox.said.account", "in {account}")
    static let unreadCount = LocalizedPlural("mailbox.menu.unread-count", one: "{count} unread", other: "{count} unread")
    // Banners
    static let refreshFailed = LocalizedText("mailbox.banner.refresh-failed", "Couldn’t update messages — showing {showing}")
    static let showingSaved = LocalizedText("mailbox.banner.saved-messages", "the messages saved last time")
    static let showingBuiltIn = LocalizedText("mailbox.banner.built-in-messages", "the built-in messages")
    static let serverRefused = LocalizedText("mailbox.banner.server-refused", "The mail server did not move “{subject}”: {reason}")
    static let offline = LocalizedText("mailbox.offline", "Offline: {reason}")
    static let offlineSaid = LocalizedText("mailbox.offline.said", "The mail server can’t be reached: {reason}. What you do here is kept, and done when it’s back.")
    static let offlineEnded = LocalizedText("mailbox.offline.ended", "The mail server answers again.")
    static let sendImpossible = LocalizedText("mailbox.banner.send-impossible", "Not sent: “{subject}” is in Drafts: {reason}")
    static let sendNotSent = LocalizedText("mailbox.banner.send-not-sent", "Not sent: “{subject}” is in Drafts. The mail server said: {reason}")
    /// No answer after the final dot: the reason (a timeout, the app closed) is the log's; the person is told what it
    /// means and what to do.
    static let sendUnanswered = LocalizedText("mailbox.banner.send-unanswered-silent",
                                              "“{subject}” may not have been sent: the mail server took all of it and never answered. It is in Drafts; send it again if it did not arrive.")
    /// A send waiting for a server that can't be reached: no server's words to quote (the system's reason is the log's).
    static let sendWaitingAway = LocalizedText("mailbox.banner.send-waiting-away",
                                               "“{subject}” waits: the mail server can’t be reached. It goes by itself once the server answers.")
    static let sendWaiting = LocalizedText("mailbox.banner.send-waiting", "“{subject}” waits for the mail server, which said: {reason}. It goes again by itself.")
    static let draftsRefused = LocalizedText("mailbox.banner.drafts-refused", "The mail server did not keep the drafts: {reason}")
    static let changesNotSaved = LocalizedText("mailbox.banner.not-saved", "Couldn’t save — your changes last until you quit")
    static let sentNotSaved = LocalizedText("mailbox.banner.sent-not-saved", "Couldn’t save the sent message — it lasts until you quit")
    static let draftNotSaved = LocalizedText("mailbox.banner.draft-not-saved", "Couldn’t save the draft — it lasts until you quit")
    static let draftDeletionNotSaved = LocalizedText("mailbox.banner.draft-deletion-not-saved", "Couldn’t save the draft’s deletion — it comes back next time")
    // The account sheet
    static let addMailAccount = LocalizedText("mailbox.account.title", "Add Mail Account")
    static let connect = LocalizedText("mailbox.account.connect", "Connect")
    static let accountName = LocalizedText("mailbox.account.name", "Name")
    static let fromName = LocalizedText("mailbox.account.from-name", "Your name")
    static let fromNameHint = LocalizedText("mailbox.account.from-name.hint", "Optional: your name as your mail shows it, before your address.")
    static let imapServer = LocalizedText("mailbox.account.imap", "IMAP server")
    static let smtpServer = LocalizedText("mailbox.account.smtp", "SMTP server")
    static let userName = LocalizedText("mailbox.account.user", "User name")
    static let password = LocalizedText("mailbox.account.password", "Password")
    static let caFile = LocalizedText("mailbox.account.ca-file", "CA file")
    static let caFileHint = LocalizedText("mailbox.account.ca-file.hint", "Optional: a PEM file of the certificate authority to trust for this account's servers, a company's or a self-hosted server's, such as ~/ca.pem.")
    static let accountHint = LocalizedText("mailbox.account.hint", "imaps://mail.example.org, or imap:// to turn to TLS with STARTTLS; smtps://host or smtp://host:587. Without SMTP the account only reads.")
    static let connecting = LocalizedText("mailbox.account.connecting", "Connecting…")
    static let accountRefused = LocalizedText("mailbox.account.refused", "Not set up: {reason}")
    static let accountsSaid = LocalizedText("mailbox.banner.accounts-said", "Mail accounts: {what}")
    static let accountsSaidAndMore = LocalizedPlural("mailbox.banner.accounts-said-and-more", one: "Mail accounts: {what} (and one more in the log)",
                                                     other: "Mail accounts: {what} (and {count} more in the log)")
    static let accountSetUp = LocalizedText("mailbox.banner.account-set-up", "Mail account set up")
    static let accountSetUpInFile = LocalizedText("mailbox.banner.account-set-up-in-file", "Account set up; its password is in a file only you can read")
    // What an empty list says
    static let emptyTrashNote = LocalizedText("mailbox.empty.trash", "Nothing in the Trash. Swipe a message far right, past the second line, to delete it.")
    static let emptySentNote = LocalizedText("mailbox.empty.sent", "Nothing sent yet. Messages you write and send appear here.")
    static let emptyDraftsNote = LocalizedText("mailbox.empty.drafts", "No drafts. Cancel a message you are writing and choose Save Draft to keep it here.")
    static let emptyFolderNote = LocalizedText("mailbox.empty.folder", "Nothing in {folder}.")
    static let emptyListNote = LocalizedText("mailbox.empty.list", "Nothing in {list}. Swipe a message far left, past the second line, and choose {list}.")
    static let emptyInboxNote = LocalizedText("mailbox.empty.inbox", "Nothing in the Inbox. New messages arrive here.")
    static let emptyLaterNote = LocalizedText("mailbox.empty.later", "Nothing for later. Swipe a message left to bring it back when you choose.")
    /// The words the rules write into mail, in `texts`' language (`{sender}` kept for the rules to fill).
    static func mailWords(_ texts: Localization) -> MailWords {
        MailWords(wroteLine: texts(wroteLine, ["sender": "{sender}"]), wroteOnLine: texts(wroteOnLine, ["date": "{date}", "sender": "{sender}"]),
                  dateLanguage: DateWords.languageOfDates(texts), noSubject: texts(noSubject), toLine: texts(toLine, ["recipient": "{recipient}"]),
                  forwardedLine: texts(forwardedLine), fromCaption: texts(fromCaption), dateCaption: texts(dateCaption),
                  subjectCaption: texts(subjectCaption), toCaption: texts(toCaption), ccCaption: texts(ccCaption))
    }

    static let emptyArchiveNote = LocalizedText("mailbox.empty.archive", "Nothing archived. Swipe a message right to archive it.")
}
