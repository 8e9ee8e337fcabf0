import KineticRuntime

extension KineticApps {
    /// Makes Disguise-O-Rama's screen, on the bundled costumes.
    static func makeDisguiseScreen(_ settings: StageSettings) -> Screen { DisguiseScreen() }
}
