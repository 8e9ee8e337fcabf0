import Foundation
import KineticCatalog
import KineticCore
import KineticRuntime
import KineticScene

/// What the data layer sends: new costumes join the wheel; a failed refresh shows a banner that goes by itself.
extension DisguiseScreen {
    static let refreshFailedMessage = "Couldn’t update costumes — showing saved ones"
    static let bannerSeconds = 4.0

    func apply(_ snapshot: CatalogSnapshot) {
        for problem in snapshot.problems { FileHandle.standardError.write(Data("kinetic: \(problem)\n".utf8)) }
        receive(snapshot.costumes)
        if snapshot.refreshFailed { showBanner(Self.refreshFailedMessage) }
    }

    func buildBanner() {
        banner.frame = Rect(center: Point(x: layout.size.width / 2, y: layout.size.height - 40), size: Size(width: 460, height: 40))
        banner.backgroundColor = Color(red8: 0x1F, green8: 0x24, blue8: 0x30).withAlpha(0.9)
        banner.cornerRadius = 20
        banner.contents = .text(TextContent("", bold: true, fontSize: 15, color: .white, alignment: .center, centeredVertically: true))
        banner.isHidden = true
        banner.isUserInteractionEnabled = false
        banner.zPosition = 7
        root.addSublayer(banner)
    }

    func showBanner(_ message: String) {
        if case .text(var text) = banner.contents {
            text.string = message
            banner.contents = .text(text)
        }
        banner.isHidden = false
        banner.opacity = 0
        bannerTime = Self.bannerSeconds
        animator.animate(banner, \.opacity, to: 1, with: .tween(duration: 0.25))
    }

    func updateBanner(dt: Double) {
        guard bannerTime > 0 else { return }
        bannerTime -= dt
        if bannerTime <= 0 {
            animator.animate(banner, \.opacity, to: 0, with: .tween(duration: 0.4)) { [weak banner] finished in
                if finished { banner?.isHidden = true }
            }
        }
    }
}
