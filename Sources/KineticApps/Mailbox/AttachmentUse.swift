import KineticData
import KineticRuntime

/// What the person does with a file a message carries: open it with the desktop's program for its kind (a private
/// copy is handed over), or save it into their Downloads folder.
public enum AttachmentUse: String, Equatable, Sendable {
    case open, save
}

/// How using a file ended, as the work that read and wrote it tells the Mailbox (`MailboxAction.attachmentUsed`).
public enum AttachmentUseResult: Equatable, Sendable {
    /// `name` was saved as `path` (its own name, or a numbered one beside a file of the same name).
    case saved(name: String, path: String)
    /// `name` was handed to the desktop, which took it.
    case opened(name: String)
    /// `name` was not opened or saved, for `reason` (the server away, the disk full, no program to open it with).
    case failed(name: String, AttachmentUse, reason: MailProblem)
}

extension MailboxRules {
    /// The reader asked to open or save file `index` of message `id`: the work is the world's (`useAttachment`).
    static func useAttachment(_ state: MailboxState, id: String, index: Int, _ use: AttachmentUse) -> [MailboxOutcome] {
        guard let message = state.message(withID: id), message.attachments.indices.contains(index) else { return [] }
        return [.effect(.useAttachment(messageID: id, index: index, use, name: message.attachments[index].name))]
    }

    /// What using a file came to, said in a banner (which a screen reader hears) and, for a failure, the log.
    static func attachmentUsed(_ result: AttachmentUseResult) -> [MailboxOutcome] {
        switch result {
        case .saved(let name, let path):
            return [.effect(.showBanner(LocalizedMessage(MailboxText.attachmentSaved, ["name": .verbatim(name), "path": .verbatim(path)])))]
        case .opened(let name):
            return [.effect(.showBanner(LocalizedMessage(MailboxText.attachmentOpened, ["name": .verbatim(name)])))]
        case .failed(let name, let use, let reason):
            let words = use == .save ? MailboxText.attachmentNotSaved : MailboxText.attachmentNotOpened
            return [.effect(.log("\(use == .save ? "not saved" : "not opened"): \(name.prefix(200)): \(reason.description.prefix(300))")),
                    .effect(.showBanner(LocalizedMessage(words, ["name": .verbatim(name), "reason": .message(MailProblemWords.message(reason))])))]
        }
    }
}
