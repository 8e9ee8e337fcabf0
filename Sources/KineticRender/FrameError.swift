/// Why a frame could not be made: a stage or a scale asks for more pixels than a frame may have, or the memory for
/// them could not be had. Said before anything is drawn, with the size asked for and the limit.
public enum FrameError: Error, Equatable, CustomStringConvertible {
    case tooLarge(width: Int, height: Int, limit: Int)
    case cannotAllocate(width: Int, height: Int, reason: String)

    /// The size asked for and the limit, or why the memory could not be had, in a sentence for the log.
    public var description: String {
        switch self {
        case .tooLarge(let width, let height, let limit):
            return "a frame of \(width)×\(height) pixels is too large: at most \(limit) pixels a side (lower the size or the scale)"
        case .cannotAllocate(let width, let height, let reason):
            return "a frame of \(width)×\(height) pixels could not be made: \(reason)"
        }
    }
}
