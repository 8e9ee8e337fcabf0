import Foundation
import KineticData

/// An account the set-up kept, as the action that brings it back carries it (`AccountSheetAction.kept`): the server
/// the Mailbox opens on next. Two are the same when they came from the same keeping; a server itself can't be compared.
public struct KeptAccount: Equatable, Sendable {
    /// Which keeping gave it.
    public let id: UUID
    /// What the keeping gave.
    public let kept: MailAccountKept

    /// `kept`, from a keeping of its own.
    public init(_ kept: MailAccountKept, id: UUID = UUID()) {
        (self.kept, self.id) = (kept, id)
    }

    /// The same keeping: the same account kept.
    public static func == (lhs: KeptAccount, rhs: KeptAccount) -> Bool { lhs.id == rhs.id }
}
