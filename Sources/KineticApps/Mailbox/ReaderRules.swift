/// What can happen to the reader, a child feature of the Mailbox's (`MailboxAction.reader`): a message opened (a tap
/// on its row, Enter, a screen reader's Open), closed (Back, Esc, the edge drag), answered (R, Reply; A, Reply All),
/// passed on (F, Forward) or filed from its bar (Archive, Delete, Later, List).
public enum ReaderAction: Equatable, Sendable {
    /// The message with this id opens in the reader.
    case open(String)
    /// The reader closes, back to the list.
    case close
    /// Reply to the message read.
    case reply
    /// Reply to the message read and to everyone it went to.
    case replyAll
    /// Forward the message read.
    case forward
    /// Open or save the file at this place among the message read's attachments.
    case useAttachment(Int, AttachmentUse)
    /// The message read goes where a swipe into `zone` sends it.
    case file(SwipeZone)
}

/// What the reader tells the Mailbox: the message it opened (read now), or what the person asked of the message read
/// (writing and filing are the Mailbox's).
public enum ReaderOutcome: Equatable, Sendable {
    /// Message `id` is open: it counts as read.
    case opened(String)
    /// Answer message `id` (compose opens on it).
    case reply(String)
    /// Answer message `id` and everyone it went to.
    case replyAll(String)
    /// Forward message `id`.
    case forward(String)
    /// Open or save file `index` of message `id`.
    case useAttachment(String, Int, AttachmentUse)
    /// File message `id` as a swipe into the zone would.
    case file(String, SwipeZone)
}

/// The reader's rules: its state, the id of the message read (`nil` while closed), + action → new state + what the
/// Mailbox is to do, pure. Whether a message may open at all (no sheet over the list, a draft opening in compose) is
/// the Mailbox's to say before it hands the reader `open`.
public enum ReaderRules {
    /// Applies one action to the reader.
    public static func reduce(_ reading: inout String?, _ action: ReaderAction) -> [ReaderOutcome] {
        switch action {
        case .open(let id):
            reading = id
            return [.opened(id)]
        case .close:
            reading = nil
            return []
        case .reply:
            return reading.map { [.reply($0)] } ?? []
        case .replyAll:
            return reading.map { [.replyAll($0)] } ?? []
        case .forward:
            return reading.map { [.forward($0)] } ?? []
        case .useAttachment(let index, let use):
            return reading.map { [.useAttachment($0, index, use)] } ?? []
        case .file(let zone):
            return reading.map { [.file($0, zone)] } ?? []
        }
    }
}
