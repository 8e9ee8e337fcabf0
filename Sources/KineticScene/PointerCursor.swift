/// The pointer's shape over a layer: a hand over what can be clicked, an I-beam over text that can be edited, the
/// arrow elsewhere. The window shows it; dumps write it (`cursor`).
public enum PointerCursor: String, Codable, Sendable {
    case arrow, hand, ibeam
}
