import Foundation
import KineticData
import KineticCore
import KineticRuntime

/// The three lists of the segmented control, in its order.
public enum MailboxSegment: String, Equatable, Sendable, CaseIterable {
    case later, inbox, archive

    /// Its place in the segmented control, left to right (a list slides in from the side of the segment chosen).
    var order: Int {
        switch self {
        case .later: return 0
        case .inbox: return 1
        case .archive: return 2
        }
    }

    /// The placement list a segment shows.
    public var list: Placement.List {
        switch self {
        case .later: return .later
        case .inbox: return .inbox
        case .archive: return .archive
        }
    }

    /// The segment's label in the segmented control: `Later`, `Inbox`, `Archive`, in English.
    public var title: String { text.english }

    /// The segment's label by key, for the run's `Localization`.
    public var text: LocalizedText { LocalizedText("mailbox.segment.\(rawValue)", rawValue.prefix(1).uppercased() + rawValue.dropFirst()) }
}

/// A list the menu opens besides the three segments: the Trash, Sent, Drafts, one of the named lists ("To Read"), or
/// one of the mail server's other folders (by its name on the server, `INBOX.Receipts`).
public enum MailboxShelf: Equatable, Sendable {
    case trash
    case sent
    case drafts
    case list(MailList)
    case folder(String)

    /// The shelf a message with `placement` is on: the Trash, Sent, Drafts or its named list; `nil` for a segment's
    /// lists (Inbox, Later, Archive), a message deleted for good, and a list name not known here.
    static func holding(_ placement: Placement) -> MailboxShelf? {
        switch placement.list {
        case .deleted: return .trash
        case .sent: return .sent
        case .draft: return .drafts
        case .list: return placement.detail.flatMap(MailList.init(rawValue:)).map(MailboxShelf.list)
        case .folder: return placement.detail.map(MailboxShelf.folder)
        case .inbox, .later, .archive, .gone: return nil
        }
    }

    /// The placement a message has when it is on this shelf.
    func holds(_ placement: Placement) -> Bool {
        switch self {
        case .trash: return placement.list == .deleted
        case .sent: return placement.list == .sent
        case .drafts: return placement.list == .draft
        case .list(let list): return placement.list == .list && placement.detail == list.rawValue
        case .folder(let name): return placement.list == .folder && placement.detail == name
        }
    }

    /// `trash`, `list.<id>` (`list.to-read`), or `folder.<the server's name, each byte but an ASCII letter, digit
    /// and `-` written `_` and its two hex digits>` (`folder.INBOX_2eReceipts`, one name each): in state names and
    /// identifiers.
    public var slug: String {
        switch self {
        case .trash: return "trash"
        case .sent: return "sent"
        case .drafts: return "drafts"
        case .list(let list): return "list." + list.rawValue
        case .folder(let name):
            return "folder." + name.utf8.map { byte in
                let kept = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                return kept ? String(UnicodeScalar(byte)) : "_" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
        }
    }

    /// The shelf's name, in the menu and in the bar while it is open (`mailbox.shelf.title`), in English.
    public var title: String { text.english }

    /// The shelf's name by key, for the run's `Localization`. A folder is named by its server, in no catalogue: its
    /// text's key is `mailbox.folder.<slug>` and its English the folder's own name (`name(in:)` says it so).
    public var text: LocalizedText {
        switch self {
        case .trash: return LocalizedText("mailbox.shelf.trash", "Trash")
        case .sent: return LocalizedText("mailbox.shelf.sent", "Sent")
        case .drafts: return LocalizedText("mailbox.shelf.drafts", "Drafts")
        case .list(let list): return list.text
        case .folder(let name): return LocalizedText("mailbox.\(slug)", MailFolderName.shown(name))
        }
    }

    /// A folder's name as the person reads it (`MailFolderName`); `nil` for the other shelves.
    public var folderName: String? {
        if case .folder(let name) = self { return MailFolderName.shown(name) }
        return nil
    }

    /// The shelf's name in the run's language: the catalogue's, or a folder's own.
    public func name(in texts: Localization) -> String {
        folderName ?? texts(text)
    }
}

/// The words the Mailbox writes into the mail itself, in the person's language when the screen was made: a reply's
/// line above its quote, and the subject of a message sent without one. Part of the state, so the rules that write
/// them stay pure.
public struct MailWords: Equatable, Sendable {
    /// The line above a reply's quote, with `{sender}`.
    public var wroteLine = "{sender} wrote:"
    /// The same line for a message whose date is known, with `{date}` and `{sender}`.
    public var wroteOnLine = "On {date}, {sender} wrote:"
    /// The language a reply's date is said in (`DateWords(language:)`); `nil` for the app's own English form.
    public var dateLanguage: String?
    /// A sent message's subject when none was written.
    public var noSubject = "(no subject)"
    /// What a sent message's row shows in its sender's place, with `{recipient}`.
    public var toLine = "To: {recipient}"
    /// The line above a forwarded message's header lines.
    public var forwardedLine = "---------- Forwarded message ----------"
    /// The captions of a forwarded message's header lines.
    public var fromCaption = "From:", dateCaption = "Date:", subjectCaption = "Subject:", toCaption = "To:", ccCaption = "Cc:"

    /// English, as the rules write by default.
    public static let english = MailWords()
}

/// Everything the Mailbox's rules know. A plain value: `MailboxRules.reduce` changes it; the screen draws it.
public struct MailboxState: Equatable, Sendable {
    /// The options a left swipe opens.
    public struct Options: Equatable, Sendable {
        /// The reschedule grid, the lists, or the date picker that "Pick date" opens in the reschedule grid's place.
        public enum Kind: String, Equatable, Sendable { case reschedule, list, date }
        /// Which options show (state `options.reschedule`, `options.list` or `picker`).
        public var kind: Kind
        /// The message that slid off to open them.
        public var messageID: String
    }

    /// A change the person made, for undo: the message and where it was before.
    public struct UndoEntry: Equatable, Sendable {
        /// The message the change moved.
        public var messageID: String
        /// Where it was before: undo puts it back there.
        public var previous: Placement
        /// Entries made by one action on many messages (emptying the Trash) share a batch, undone together.
        public var batch: Int?
    }

    /// The compose sheet's text fields (`compose.to`, `compose.cc`, `compose.bcc`, `compose.subject`, `compose.body`),
    /// in Tab order.
    public enum ComposeField: String, Equatable, Sendable, CaseIterable {
        case to, cc, bcc, subject, body

        /// The field Enter moves to from a one-line field: To, Cc, Bcc, Subject, body (Tab is the stage's keyboard
        /// focus's, which goes on to Cancel and Send).
        public var next: ComposeField {
            switch self {
            case .to: return .cc
            case .cc: return .bcc
            case .bcc: return .subject
            case .subject: return .body
            case .body: return .to
            }
        }

        /// Whether the field holds addresses (To, Cc, Bcc).
        public var holdsAddresses: Bool { self == .to || self == .cc || self == .bcc }

        /// The most characters (grapheme clusters) the field takes: a subject; a letter with the longest quote a reply
        /// or forward carries (all the reader shows of a message, `MailMessage.readerCharacters`, each line with its
        /// "> "), so no quote loses its end; the addresses of a list or a large Reply All (dozens of "Name <address>"),
        /// so none is hidden past the field's end.
        public var maximumLength: Int {
            switch self {
            case .body: return MailMessage.readerCharacters + MailMessage.readerCharacters / 4
            case .subject: return 500
            case .to, .cc, .bcc: return 10_000
            }
        }
    }

    /// The files of a message forwarded, which go with the forward.
    public struct ForwardedFiles: Equatable, Sendable {
        /// The forwarded message's row id: its files are read from the server as the forward is sent.
        public var messageID: String
        /// Its files, as the reader lists them.
        public var files: [MailAttachment]

        /// `files` of message `messageID`.
        public init(messageID: String, files: [MailAttachment]) {
            (self.messageID, self.files) = (messageID, files)
        }
    }

    /// The message being written.
    public struct Compose: Equatable, Sendable {
        /// The To field's text; Send needs one address or more in To, Cc or Bcc, separated by commas.
        public var to = ""
        /// The Cc field's text: addresses that get a copy, which every recipient sees.
        public var cc = ""
        /// The Bcc field's text: addresses that get a blind copy, which no other recipient sees.
        public var bcc = ""
        /// The message this forwards (its row's id): the account it came to sends the forward; `nil` for any other.
        public var forwarding: String?
        /// A forward's files, sent with it: the message (by its row's id) they are read from as it goes, and their
        /// names and sizes as the sheet lists them; `nil` for none (a new message, a reply, files left out).
        public var forwardedFiles: ForwardedFiles?
        /// Whether Cc was asked for (its button, Ctrl-Shift-C). It shows then, or while it holds text (Reply All's
        /// copies, a draft's); hidden otherwise, as mail programs keep it, so To, Subject and the text stay a Tab apart.
        public var showsCc = false
        /// Whether Bcc was asked for (its button, Ctrl-Shift-B); it shows then, or while it holds text.
        public var showsBcc = false

        /// Whether `field` shows: To, Subject and the text always; Cc and Bcc once asked for or holding text.
        public func shows(_ field: ComposeField) -> Bool {
            switch field {
            case .cc: return showsCc || !cc.isEmpty
            case .bcc: return showsBcc || !bcc.isEmpty
            case .to, .subject, .body: return true
            }
        }
        /// The Subject field's text.
        public var subject = ""
        /// The message's text, as the body field holds it.
        public var body = ""
        /// The draft this compose was reopened from, replaced when it is sent or saved again.
        public var draftID: String?
        /// The Message-ID of the message this answers (a reply's In-Reply-To), when it is known.
        public var inReplyTo: String?
        /// The thread's Message-IDs before it, oldest first, ending with `inReplyTo` (a reply's References).
        public var references: [String] = []
        /// The row of the message this answers, marked answered on the server once the reply is sent.
        public var answers: String?
        /// Where the body's caret goes as compose opens (a reply: on its own line above the quote); `nil`: the end.
        public var bodyCaret: Int?
        /// Whether Cancel is asking Save draft / Delete draft / Keep editing.
        public var confirmingCancel = false
        /// Whether anything was written: cancelling then asks before throwing it away.
        public var hasContent: Bool { !(to + cc + bcc + subject + body).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        /// Whether Send can send: To, Cc and Bcc hold one address or more between them, and nothing that is not one
        /// (`MailAddressList`: `dana@example.org`, `Dana Ng <dana@example.org>`, separated by commas, semicolons or
        /// lines, as typed or pasted). A message with only blind copies goes, as mail programs send it.
        public var canSend: Bool {
            let fields = [to, cc, bcc].map(MailAddressList.init)
            return fields.allSatisfy { $0.firstProblem == nil } && fields.contains { !($0.addresses ?? []).isEmpty }
        }

        /// What keeps Send grey, as typed (`Dana <dana@example`): the first entry of To, Cc or Bcc that is not an
        /// address, with its field; `nil` when every entry is an address (or nothing is typed yet).
        public var addressProblem: (field: ComposeField, entry: String)? {
            for (field, text) in [(ComposeField.to, to), (.cc, cc), (.bcc, bcc)] {
                if let problem = MailAddressList(text).firstProblem { return (field, String(problem.prefix(80))) }
            }
            return nil
        }

        /// What in To keeps Send grey, as typed (`Dana <dana@example`); `nil` when To is empty or every entry is an
        /// address.
        public var toProblem: String? { MailAddressList(to).firstProblem.map { String($0.prefix(80)) } }

        /// The recipients as they go: each address with its name.
        public var recipients: [String] { Self.written(to) }
        /// The copies as they go.
        public var copies: [String] { Self.written(cc) }
        /// The blind copies as they go.
        public var blindCopies: [String] { Self.written(bcc) }

        /// A field's addresses, each with its name; none for an empty field.
        private static func written(_ field: String) -> [String] { MailAddressList(field).addresses?.map(\.written) ?? [] }

        /// The field the keyboard starts in as the sheet opens: To for a new message, the body for a reply. (Where it is
        /// afterwards is the stage's keyboard focus's alone.)
        public var startsIn: ComposeField = .to

        /// The field the keyboard goes back to when it was in none as Cancel's question was answered "Keep Editing":
        /// To while To is empty, else the body.
        public var resumesIn: ComposeField { to.isEmpty ? .to : .body }
    }

    /// The search, while it is open (state `search`, `search.results` once the keyboard left its field): what is
    /// looked for and what matches. The list shows only the matches, in the list they are on.
    public struct Search: Equatable, Sendable {
        /// What the person typed, at most 200 characters.
        public var query = ""
        /// The ids of the messages that match (`MailSearch`); `nil` while nothing is typed: everything shows.
        public var matches: Set<String>?
        /// Whether the field has the keyboard (Enter gives it to the results, `/` gives it back).
        public var isEditing = true
        /// What the mail server found for the query (`serverFound`), kept through new mail's arrival.
        public var serverFound: Set<String> = []
    }

    /// The search, while it is open.
    public var search: Search?

    /// Every message, in the document's order.
    public var messages: [MailMessage] {
        didSet { positions = Self.positions(of: messages.lazy.map(\.id)) }
    }
    /// Each message's place in `messages`, by id (the first, should two share one): a lookup by id costs the same in a
    /// mail server's Inbox of 10,000 as in the seed's dozen.
    private(set) var positions: [String: Int]
    /// Where the person put each message; a message with none is in the Inbox.
    public var placements: [String: Placement]
    /// The segment chosen in the segmented control; the Inbox at launch.
    public var segment = MailboxSegment.inbox
    /// What is presented over the list, if anything: the options, compose, the account sheet or the Trash's question,
    /// one at a time (the type allows no second). `options`, `compose`, `account` and `confirmingEmptyTrash` read and
    /// write it.
    public var destination: MailboxDestination?
    /// The reschedule or list options, open over a message that has slid off.
    public var options: Options? {
        get { if case .options(let options) = destination { return options } else { return nil } }
        set { present(newValue.map(MailboxDestination.options), replacing: { if case .options = $0 { return true } else { return false } }) }
    }
    /// The person's changes, last on top.
    public var undoStack: [UndoEntry] = []
    /// How many times Undo brought something back: what a screen reader is told "Undone" for (a filing the server
    /// refused leaves the undo stack too, and is said by its banner instead).
    public var undoneCount = 0
    /// Whether the Mailbox's side menu is open (state `menu`).
    public var menuOpen = false
    /// What is being written while the compose sheet is open (state `compose`); `nil` while it is closed.
    public var compose: Compose? {
        get { if case .compose(let compose) = destination { return compose } else { return nil } }
        set { present(newValue.map(MailboxDestination.compose), replacing: { if case .compose = $0 { return true } else { return false } }) }
    }
    /// The mail account being set up while the account sheet is open (state `account`); `nil` while it is closed.
    public var account: AccountSetUp? {
        get { if case .account(let account) = destination { return account } else { return nil } }
        set { present(newValue.map(MailboxDestination.account), replacing: { if case .account = $0 { return true } else { return false } }) }
    }
    /// The Trash or a named list, when the menu opened one (it stands in for the segment until a segment is chosen).
    public var shelf: MailboxShelf?
    /// Whether the Trash's "Empty the Trash?" confirmation shows.
    public var confirmingEmptyTrash: Bool {
        get { destination == .emptyTrashQuestion }
        set { present(newValue ? .emptyTrashQuestion : nil, replacing: { $0 == .emptyTrashQuestion }) }
    }

    /// Presents `presented` in place of whatever was; `nil` closes what is presented only when it is the kind
    /// `isTheSameKind` names (closing compose leaves an account sheet alone).
    private mutating func present(_ presented: MailboxDestination?, replacing isTheSameKind: (MailboxDestination) -> Bool) {
        if let presented {
            destination = presented
        } else if let destination, isTheSameKind(destination) {
            self.destination = nil
        }
    }
    /// The message open in the reader, if any.
    public var reading: String?
    /// This device's name on the mail server (`MailDevice`), which marks the drafts it keeps in the server's Drafts:
    /// those it shows from its own file, not twice. `nil` without a server.
    public var device: String?
    /// The moment the rules last asked to be told of (`MailboxEffect.wakeClock`), if any.
    public var clockWake: Date?
    /// The messages the person has opened: their unread dots are cleared (saved).
    public var read: Set<String> = []
    /// How the last action that moved rows moved them (see `ListChange`); the list animates each new one.
    public var listChange = ListChange(number: 0, moves: [])
    /// The date now, as the clock last told (`MailboxAction.clock`), and the calendar Later's moments are worked in.
    public var now = Date(timeIntervalSince1970: 0)
    /// Gregorian in UTC until the clock says otherwise, so the rules alone give the same dates on every machine.
    public var calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    /// Whether a release is judged by where the message would come to rest with its velocity, or by where it is.
    /// Off by default: seed 002's rule ("if released at this point, the message should return"; its author found
    /// that "the only parameter that mattered was the positioning"), so a quick 45 pt flick never archives by
    /// accident. On, a flick decides (the menu's setting).
    public var decideOnProjection = false

    /// The words written into mail (see `MailWords`).
    public var words = MailWords.english
    /// The last message sent, as the mail server is to be given it (its recipients, subject, text and the message it
    /// answers); the screen hands it to the environment after Send.
    public var lastSent: OutgoingMessage?
    /// The conversation with the mail server over time: the check schedule, whether it answers, the outbox
    /// (`ServerSyncRules`, a child feature of these rules).
    public var sync = ServerSyncState()

    /// A message the person sent, as a mail server takes it.
    public typealias OutgoingMessage = KineticData.OutgoingMessage

    /// A launch on the Inbox, with the saved placements and opened messages; nothing open, nothing to undo.
    public init(messages: [MailMessage], placements: [String: Placement] = [:], read: Set<String> = []) {
        self.messages = messages
        positions = Self.positions(of: messages.lazy.map(\.id))
        self.placements = placements.mapValues(Self.withTypedDetail)
        self.read = read
    }

    /// A placement whose Later option or list is named by its id: files written before ids held the English title
    /// ("Tomorrow", "To Read"), and still load as the same placement. A name neither an id nor a title is kept as it is.
    static func withTypedDetail(_ placement: Placement) -> Placement {
        guard let detail = placement.detail else { return placement }
        var typed = placement
        switch placement.list {
        case .later: typed.detail = RescheduleOption(saved: detail)?.rawValue ?? detail
        case .list: typed.detail = MailList(saved: detail)?.rawValue ?? detail
        default: break
        }
        return typed
    }

    /// Whether a message shows its unread dot: the server marks it unread, or it came back from Later, and the
    /// person has not opened it since.
    public func isUnread(_ message: MailMessage) -> Bool {
        (message.unread || placement(of: message.id).returnedAt != nil) && !read.contains(message.id)
    }

    /// Each id's place among `ids`, the first where one repeats: the index the state and the list find messages by.
    static func positions(of ids: some Collection<String>) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() where positions[id] == nil { positions[id] = index }
        return positions
    }

    /// The message with `id`, if there is one.
    public func message(withID id: String) -> MailMessage? {
        positions[id].map { messages[$0] }
    }

    /// Whether the message with `id` is in the list shown (`visibleMessages`), without making that list.
    public func isShown(_ id: String) -> Bool {
        guard positions[id] != nil, search?.matches?.contains(id) ?? true else { return false }
        if let shelf { return shelf.holds(placement(of: id)) }
        return placement(of: id).list == segment.list
    }

    /// Whether the message with `id` was written here, a message sent or a draft of this device's (its text in
    /// `mailbox-sent.json`): not the server's copy of one, nor what another program put in Sent or Drafts.
    public func isWrittenHere(_ id: String) -> Bool {
        placement(of: id).list.isWrittenHere && message(withID: id).map { $0.serverPlacement == nil } ?? false
    }

    /// Where the message with `id` is: its placement, or the Inbox when it has none.
    public func placement(of id: String) -> Placement { placements[id] ?? .inbox }

    /// The messages of the open shelf, or else of the selected segment, in order.
    public var visibleMessages: [MailMessage] { visibleIDs.compactMap(message(withID:)) }

    /// The ids of `visibleMessages`, in order, made without copying a message: what the rules and the list compare.
    public var visibleIDs: [String] {
        let listed = shelf.map { shelf in ordered(ids { shelf.holds($0) }, as: shownList) } ?? ids(filedIn: segment.list)
        guard let matches = search?.matches else { return listed }
        return listed.filter(matches.contains)
    }

    /// The list the person is looking at: a swipe to it from it brings a message back to the Inbox.
    public var shownList: Placement.List {
        switch shelf {
        case .trash?: return .deleted
        case .sent?: return .sent
        case .drafts?: return .draft
        case .list?: return .list
        case .folder?: return .folder
        case nil: return segment.list
        }
    }

    /// The messages filed in `segment`'s list, in order.
    public func messages(in segment: MailboxSegment) -> [MailMessage] { messages(filedIn: segment.list) }

    /// The messages filed in `list`, in the order the list is read (`ordered(_:as:)`).
    public func messages(filedIn list: Placement.List) -> [MailMessage] {
        ids(filedIn: list).compactMap(message(withID:))
    }

    /// The ids of the messages filed in `list`, in the order the list is read.
    public func ids(filedIn list: Placement.List) -> [String] {
        ordered(ids { $0.list == list }, as: list)
    }

    /// How many messages are filed in `list`: counted from the placements (a message with none is in the Inbox), so
    /// the bar's counts cost the messages filed, not the mailbox.
    public func count(filedIn list: Placement.List) -> Int {
        var here = 0, elsewhere = 0
        for (id, placement) in placements where positions[id] != nil {
            if placement.list == list { here += 1 } else if placement.list != .inbox { elsewhere += 1 }
        }
        return list == .inbox ? positions.count - elsewhere : here
    }

    /// How many messages in the Inbox wait to be read: the menu's count, as mail clients count it.
    public var unreadInInbox: Int {
        var count = 0
        for index in messages.indices where placement(of: messages[index].id).list == .inbox && isUnread(messages[index]) { count += 1 }
        return count
    }

    /// The ids of the messages whose placement `holds` takes, in `messages`' order (each message read for its id only).
    private func ids(where holds: (Placement) -> Bool) -> [String] {
        var ids: [String] = []
        for index in messages.indices {
            let id = messages[index].id
            if holds(placement(of: id)) { ids.append(id) }
        }
        return ids
    }

    /// How a list is read, as mail clients read them: the Inbox with the messages back from Later on top, the latest
    /// back first; Later by when each message comes back, soonest first (those with no moment, "Someday", last); Sent
    /// and Drafts newest first; every other list in the
    /// order its messages were filed. Ties keep that order.
    func ordered(_ filed: [String], as list: Placement.List) -> [String] {
        switch list {
        case .inbox:
            guard filed.contains(where: { placement(of: $0).returnedAt != nil }) else { return filed }
            return stablySorted(filed, by: { placement(of: $0).returnedAt ?? .distantPast }, >)
        case .later:
            return stablySorted(filed, by: { placement(of: $0).until ?? .distantFuture }, <)
        case .sent, .draft:
            // Newest first: by the date each was written, the server's and this device's together. Those without a
            // date (written here before dates were kept, so older than any dated here; the server's without a Date
            // header) come last, the last added first.
            let lastAddedFirst = Array(filed.reversed())
            let undated = lastAddedFirst.filter { message(withID: $0)?.date == nil }
            guard undated.count < lastAddedFirst.count else { return lastAddedFirst }
            let dated = lastAddedFirst.filter { message(withID: $0)?.date != nil }
            return stablySorted(dated, by: { message(withID: $0)?.date ?? .distantPast }, >) + undated
        default:
            return filed
        }
    }

    /// `ids` ordered by a date read once per message, `precedes` deciding; messages with equal dates keep their order.
    private func stablySorted(_ ids: [String], by date: (String) -> Date, _ precedes: (Date, Date) -> Bool) -> [String] {
        ids.enumerated().map { (date: date($0.element), offset: $0.offset, id: $0.element) }
            .sorted { $0.date != $1.date ? precedes($0.date, $1.date) : $0.offset < $1.offset }
            .map(\.id)
    }

    /// Why the last check of the mail server failed, by kind, while it did (`sync.reach` is away): the strip under the
    /// bar says it in the person's language. `nil` when it answered, or when the failure's kind is not known.
    public var serverProblem: MailProblem?

    /// The mail server's other folders, as its last check said them (those holding no message too): the menu lists
    /// each. Empty without a server.
    public var serverFolders: [String] = []

    /// The mail server's other folders (`serverFolders`, and any holding a message here; a folder open stays while
    /// it is emptied), each with how many messages it holds: the menu's Folders, in the order of their names as
    /// shown (`MailFolderName`), as a person sorts them.
    public var folderCounts: [(folder: String, count: Int)] {
        var counts: [String: Int] = Dictionary(serverFolders.map { ($0, 0) }, uniquingKeysWith: { first, _ in first })
        for message in messages {
            let placement = placement(of: message.id)
            if placement.list == .folder, let folder = placement.detail { counts[folder, default: 0] += 1 }
        }
        // The folder open stays in the menu while it is emptied.
        if case .folder(let open)? = shelf, counts[open] == nil { counts[open] = 0 }
        return counts.map { ($0.key, $0.value) }.sorted {
            let (left, right) = (MailFolderName.shown($0.folder), MailFolderName.shown($1.folder))
            return left.localizedStandardCompare(right) == .orderedAscending || (left == right && $0.folder < $1.folder)
        }
    }

    /// The messages filed in the named lists, by list name.
    public var listCounts: [MailList: Int] {
        var counts: [MailList: Int] = [:]
        for message in messages where placement(of: message.id).list == .list {
            if let list = placement(of: message.id).detail.flatMap(MailList.init(rawValue:)) { counts[list, default: 0] += 1 }
        }
        return counts
    }

    /// `account` (`account.connecting` while the server is asked), `compose`, `menu`, `options.reschedule`, `options.list`, `picker`, `message.<id>` (reading), the shelf (`trash`,
    /// `list.to-read`, …), or the segment: `later`, `inbox`, `archive`.
    public var stateName: String {
        if let account { return account.isConnecting ? "account.connecting" : "account" }
        if let compose { return compose.confirmingCancel ? "compose.confirm" : "compose" }
        if menuOpen { return "menu" }
        if let options { return options.kind == .date ? "picker" : "options.\(options.kind.rawValue)" }
        if confirmingEmptyTrash { return "trash.confirm" }
        if let reading { return "message.\(reading)" }
        if let search { return search.isEditing ? "search" : "search.results" }
        if let shelf { return shelf.slug }
        return segment.rawValue
    }

    /// Whether the two states differ at most in `now` and `calendar` (what the clock's tick changes) and in how rows
    /// last moved: nothing a screen reader is told about.
    public func differsOnlyInTheClock(from other: MailboxState) -> Bool {
        var withTheirClock = self
        withTheirClock.now = other.now
        withTheirClock.calendar = other.calendar
        withTheirClock.listChange = other.listChange
        withTheirClock.clockWake = other.clockWake
        return withTheirClock == other
    }

    /// The rows' moves one action caused, in order, numbered so that two equal moves in a row (a message sprung back
    /// twice) are two changes. A move is view motion, not an effect (docs/architecture.md, the effect rule): it is
    /// part of the state, so the screen animates it by comparing the state before and after, and the rules' tests
    /// read it.
    public struct ListChange: Equatable, Sendable {
        /// One row's move.
        public enum Move: Equatable, Sendable {
            /// Short of the first line: the message springs back to 0.
            case springBack(String)
            /// Past it: the message keeps going off screen, with the release velocity, showing the zone it was let go in.
            case slideOff(String, zone: SwipeZone, velocity: Double)
            /// The message left this list: its row collapses and the rows below move up.
            case collapse(String)
            /// The person's own message is gone from this list (a draft sent or deleted): its row collapses as a filed
            /// one's does, with nothing to undo and nothing to announce.
            case remove(String)
            /// Undo, a message coming back, or one of the person's own arriving (a draft saved, a message sent, while
            /// its list shows): its row opens and the message slides in from the side it left by.
            case reinsert(String, fromLeft: Bool)
            /// Another list shows: the rows slide out and the new list's in, from the side of the new segment.
            case listReplaced(from: MailboxSegment, to: MailboxSegment)
            /// The search's matches changed: the list is made again at its top, at once (a keystroke is no journey).
            case listFiltered
            /// The mail server found more matches: the list is made again where it is scrolled.
            case listWidened
            /// The stage's keyboard focus is asked to go to a message's row (the focus is the stage's alone: the rules
            /// keep no copy of it, and ask only what follows from their own change).
            case focus(FocusRequest)
        }

        /// Where the rules ask the stage's keyboard focus to go in the list.
        public enum FocusRequest: Equatable, Sendable {
            /// To message `id`'s row: what Undo brought back, the message being read (once the reader closes).
            case message(String)
            /// To the first message of what the list shows now (another list, the search's results), when `when` holds.
            case firstMessage(When)
            /// Where message `filed` had the focus (it left the list), to `successor`, which took its place.
            case inPlaceOf(String, successor: String)
        }

        /// Where the focus is for a `firstMessage` request to be carried out.
        public enum When: Equatable, Sendable {
            /// Wherever it is (the search's Enter goes to the results).
            case always
            /// On a message (a keyboard working the list starts again at the top of the new one).
            case ifOnAMessage
            /// Anywhere, with the keyboard in use (its ring showing): a list chosen in the menu, which had the keyboard.
            case ifTheKeyboardIsInUse
            /// On no control but a text field letting go of the keys: the search left by Esc, or closed with the
            /// keyboard nowhere else (a control a click put it on keeps it).
            case ifNowhere
        }
        /// Counts the changes: one more for every action that moved rows.
        public var number: Int
        /// What moved, in the order the animations start.
        public var moves: [Move]
    }
}

/// What the Mailbox presents over its list, one at a time: a destination, in the sense of The Composable
/// Architecture's, so two sheets open at once is a state the type cannot hold.
public enum MailboxDestination: Equatable, Sendable {
    /// The reschedule or list options (and the date picker in their place), over a message that slid off.
    case options(MailboxState.Options)
    /// The compose sheet, with what is written.
    case compose(MailboxState.Compose)
    /// The account sheet, with the account being set up.
    case account(AccountSetUp)
    /// "Empty the Trash?"
    case emptyTrashQuestion
}
