import KineticApps
import KineticData
import KineticNetwork
import KineticPlatform
import KineticRender
import KineticWindow

extension AppsEnvironment {
    /// The real world, built here at the edge: AsyncHTTPClient for downloads, the renderer's check for images
    /// (Cairo and librsvg) in a child process that can be stopped, and standard error for the log. Links are
    /// refused: a headless run has no browser.
    static var live: AppsEnvironment {
        AppsEnvironment(fetcher: NetworkFetcher(), imageValidator: ImageCheckProcess.program.validator, log: Log.line)
    }

    /// The real world of a window: links open in the person's browser, judged by what the desktop's opener answers.
    static var liveWindow: AppsEnvironment {
        var environment = live
        environment.openLink = { url in
            do {
                try await DesktopLinkOpener.open(url)
            } catch {
                throw LinkNotOpened(reason: "\(error)")
            }
        }
        // A file (an attachment opened) goes to the same opener as a file:// address; saved ones into Downloads.
        environment.openFile = { url in
            do {
                try await DesktopLinkOpener.open(url)
            } catch let failure as DesktopLinkOpener.Failure {
                throw LinkNotOpened(reason: failure.reason, opener: (failure.program, failure.status))
            } catch {
                throw LinkNotOpened(reason: "\(error)")
            }
        }
        environment.downloadsFolder = DownloadsFolder.location()
        return environment
    }
}

extension ImageCheckProcess {
    /// The program's one image check: `kinetic check-image` run by this very executable, so every app and refresh
    /// of the process shares its bound on checks at once.
    static let program = ImageCheckProcess(executable: InstalledFiles.executable, drawingBudget: ImageFileCheck.drawingBudget)
}
