/// What the Mailbox's screen keeps from frame to frame besides the app's state: how far the menu is open while a
/// finger or a spring moves it, the undo button's countdown, and the last swipe for the debug overlay. It only
/// places layers; every decision is the rules' (`MailboxState`).
struct MailboxViewState {
    /// 0 closed … 1 open: how far the content has slid right to show the menu (rubber-banded past either end).
    var menuProgress = 0.0
    /// `menuProgress` when the finger moving the menu went down.
    var menuDragStart = 0.0
    /// Seconds the undo button has left.
    var undoTime = 0.0
    /// The message last swiped and the finger's velocity then (pt/s), for the debug overlay.
    var lastSwipe: (id: String, velocity: Double)?
    /// The trackpad stream under way over the list, if any (see `MailboxScreen.trackpadSwipe`).
    var trackpad: MailboxScreen.TrackpadStream?
    /// 0 the reader off to the right … 1 covering the list.
    var readerProgress = 0.0
    /// Set while an edge drag that began over the reader is under way (it stays the reader's to its end).
    var readerPan = false
    /// The option the arrow keys have reached in the open options (`nil` until one is pressed).
    var optionFocus: Int?
}
