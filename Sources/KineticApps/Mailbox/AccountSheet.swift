import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// Add Mail Account (`account`): a sheet over the dimmed list (`account.dim`) with the account's name, the person's
/// name as their mail says it (optional), its IMAP and SMTP servers, a certificate authority file to trust (optional),
/// the user name and the password (the engine's text fields `account.name`, `account.from-name`, `account.imap`,
/// `account.smtp`, `account.ca-file`, `account.user`, `account.password`, the last a secure one), Cancel and Connect
/// (`account.cancel`, `account.connect`), a line on the addresses it takes (`account.hint`) and one that says what is
/// happening or what went wrong (`account.status`).
///
/// It holds the account sheet's scoped store (`AccountSheetAction`, the state `MailboxState.account`): it reads and
/// sends nothing else of the Mailbox's; the context gives it the stage, the texts and the motion.
final class AccountSheet {
    private let context: MailboxViewContext
    /// The account sheet's feature: its state (`nil` while closed) and its actions.
    private let store: ScopedStore<AccountSetUp?, AccountSheetAction>
    /// The sheet.
    let sheet = Layer(identifier: "account")
    private let overlay: Overlay
    private var fields: [AccountSetUp.Field: TextField] = [:]
    private let status = Layer(identifier: "account.status")
    /// The sheet's size: room for seven fields, the hint and two lines of the server's words.
    static let size = Size(width: 600, height: 536)
    /// The refusal's colour: a deep red that reads at 6.6:1 on the white sheet.
    static let refusalColor = Color(red8: 0xB0, green8: 0x2A, blue8: 0x0A)

    /// A sheet presented over `container` (the list's content), hidden until it opens.
    init(context: MailboxViewContext, in container: Layer) {
        self.context = context
        store = context.store.scope(state: { $0.account }, action: MailboxAction.account)
        sheet.bounds = Rect(origin: .zero, size: Self.size)
        sheet.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 16), fill: .white))
        sheet.gestureRecognizers = [TapRecognizer { _ in }]
        sheet.cursor = .arrow
        overlay = Overlay(dimIdentifier: "account.dim", sheet: sheet, restingOrigin: Self.restingOrigin(in: context.size), in: container, zPosition: 7)
        buildContents()
    }

    /// Centred on a stage of `size`, 20 pt clear of its bottom on one too short for both.
    private static func restingOrigin(in size: Size) -> Point {
        Point(x: (size.width - Self.size.width) / 2, y: min((size.height - Self.size.height) / 2, size.height - Self.size.height - 20))
    }

    /// The sheet stays centred, the dim covers the stage.
    func resize(to size: Size) {
        overlay.resize(to: size, restingOrigin: Self.restingOrigin(in: size), animator: context.animator)
    }

    /// The caption each field goes by, on screen and to a screen reader.
    /// What a screen reader says of a field beyond its caption: the addresses the servers' fields take, what the CA
    /// file is for.
    private func description(_ field: AccountSetUp.Field) -> String {
        switch field {
        case .imap, .smtp: return context.texts(MailboxText.accountHint)
        case .caFile: return context.texts(MailboxText.caFileHint)
        case .fromName: return context.texts(MailboxText.fromNameHint)
        case .name, .user, .password: return ""
        }
    }

    private func caption(_ field: AccountSetUp.Field) -> String {
        switch field {
        case .name: return context.texts(MailboxText.accountName)
        case .fromName: return context.texts(MailboxText.fromName)
        case .imap: return context.texts(MailboxText.imapServer)
        case .smtp: return context.texts(MailboxText.smtpServer)
        case .caFile: return context.texts(MailboxText.caFile)
        case .user: return context.texts(MailboxText.userName)
        case .password: return context.texts(MailboxText.password)
        }
    }

    private func buildContents() {
        let width = Self.size.width
        // Between Cancel and Connect, on one line, shrunk to fit a longer language's title ("Ajouter un compte de
        // messagerie") rather than running under the button.
        sheet.addSublayer(Typography.label("account.title", context.texts(MailboxText.addMailAccount), frame: Rect(x: 120, y: 18, width: width - 270, height: 30),
                                           size: 20, bold: true, color: Palette.ink, alignment: .center, lineLimit: 1))
        let cancel = Typography.label("account.cancel", context.texts(MailboxText.cancel), frame: Rect(x: 20, y: 18, width: 90, height: 30), size: 17,
                                      color: MailboxViewContext.deepTint)
        cancel.isUserInteractionEnabled = true
        cancel.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.close) }]
        sheet.addSublayer(cancel)
        let connect = Typography.panel("account.connect", frame: Rect(x: width - 140, y: 16, width: 120, height: 34), color: MailboxViewContext.tint, cornerRadius: 8)
        connect.addSublayer(Typography.label(nil, context.texts(MailboxText.connect), frame: Rect(x: 6, y: 7, width: 108, height: 22), size: 17, bold: true,
                                             color: .white, alignment: .center, lineLimit: 1))
        connect.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.connect) }]
        sheet.addSublayer(connect)
        let input = context.stage.textInput
        for (index, kind) in AccountSetUp.Field.allCases.enumerated() {
            let box = Layer(identifier: "account.\(kind.rawValue).box", frame: Rect(x: 20, y: 70 + Double(index) * 48, width: width - 40, height: 42))
            box.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.fields[kind]?.focus() }]
            box.cursor = .ibeam
            box.addSublayer(Typography.label(nil, caption(kind), frame: Rect(x: 0, y: 10, width: 150, height: 22), size: 16, color: Palette.muted))
            let field = TextField(identifier: "account.\(kind.rawValue)", frame: Rect(x: 160, y: 4, width: width - 200, height: 34), multiline: false,
                                  maximumLength: kind.maximumLength, style: TextContent("", fontSize: 16, color: Palette.ink), input: input)
            field.isSecure = kind == .password
            field.tint = MailboxViewContext.tint
            field.onChange = { [store] text in store.send(.edit(kind, text)) }
            // Enter goes on to the next field; from the password it connects. Tab is the stage's keyboard focus's.
            field.onEnter = { [weak self, store] in
                if let next = kind.next { self?.fields[next]?.focus() } else { store.send(.connect) }
                return true
            }
            box.addSublayer(field.layer)
            fields[kind] = field
            let rule = Layer(frame: Rect(x: 0, y: 41, width: width - 40, height: 1))
            rule.backgroundColor = Color(red8: 0xE3, green8: 0xE3, blue8: 0xE3)
            box.addSublayer(rule)
            sheet.addSublayer(box)
        }
        let fieldsEnd = 70 + Double(AccountSetUp.Field.allCases.count) * 48
        sheet.addSublayer(Typography.label("account.hint", context.texts(MailboxText.accountHint), frame: Rect(x: 20, y: fieldsEnd + 8, width: width - 40, height: 40),
                                           size: 13, color: Palette.muted, lineLimit: 2))
        status.frame = Rect(x: 20, y: fieldsEnd + 56, width: width - 40, height: 56)
        sheet.addSublayer(status)
    }

    /// Slides the sheet up or down; fills the fields and says what is happening (connecting) or what was refused. The
    /// keyboard goes to Name as the sheet opens, leaves the fields while the server is asked, and goes to the password
    /// (the likeliest to mend) when it refused.
    func show(before: AccountSetUp?) {
        let wasOpen = before != nil
        let animator = context.animator, reduceMotion = context.settings.reduceMotion
        guard let account = store.state else {
            for field in fields.values {
                field.blur()
                field.setText("")  // the password leaves with the sheet
            }
            overlay.dismiss(animator: animator, reduceMotion: reduceMotion)
            return
        }
        if let connect = sheet.layer(withIdentifier: "account.connect") { MailboxViewContext.paintSheetButton(connect, enabled: account.canConnect) }
        for (kind, field) in fields {
            field.setText(account[kind])
            // While the server is asked the fields wait: no click takes them, so nothing typed is lost or mixed in.
            field.layer.isUserInteractionEnabled = !account.isConnecting
            field.layer.superlayer?.isUserInteractionEnabled = !account.isConnecting
        }
        if let cancel = sheet.layer(withIdentifier: "account.cancel") { cancel.isUserInteractionEnabled = !account.isKeeping }
        if !wasOpen {
            fields[.name]?.focus()
        } else if account.isConnecting {
            if before?.isConnecting == false { context.stage.textInput.focus(nil) }
        } else if before?.isConnecting == true, account.problem != nil {
            fields[.password]?.focus()
        }
        var said = TextContent(statusText(account), fontSize: 15, color: account.problem != nil ? Self.refusalColor : Palette.ink)
        said.lineLimit = 2
        status.contents = .text(said)
        guard !wasOpen else { return }
        overlay.present(animator: animator, reduceMotion: reduceMotion)
    }

    /// "Connecting…", the refusal, or nothing.
    private func statusText(_ account: AccountSetUp) -> String {
        if account.isConnecting { return context.texts(MailboxText.connecting) }
        if let problem = account.problem {
            return context.texts(MailboxText.accountRefused, ["reason": account.problemKind.map { MailProblemWords.sentence($0, context.texts) } ?? problem])
        }
        return ""
    }

    /// What a screen reader hears when the sheet opens (its title: Orca names no dialog inside a window as the focus
    /// enters it) and when its status changes: "Connecting…", or the refusal.
    func announcement(from before: AccountSetUp?) -> String? {
        guard let account = store.state else { return nil }
        if before == nil { return context.texts(MailboxText.addMailAccount) }
        guard account.isConnecting != before?.isConnecting || account.problem != before?.problem else { return nil }
        let said = statusText(account)
        return said.isEmpty ? nil : said
    }

    /// The sheet as a dialog: its fields as entries (the password as password text, which a screen reader never
    /// spells), Connect (disabled until the fields it needs are filled) and Cancel as buttons, the status as a label.
    func describe() {
        let account = store.state
        if sheet.accessibilityElementsHidden != (account == nil) { sheet.accessibilityElementsHidden = account == nil }
        sheet.accessibility = Accessibility(role: .dialog, name: context.texts(MailboxText.addMailAccount))
        for (kind, field) in fields {
            var states: Accessibility.States = [.focusable, .editable]
            if account?.isConnecting == true { states.insert(.disabled) }
            field.layer.accessibility = Accessibility(role: kind == .password ? .passwordText : .entry, name: caption(kind),
                                                      description: description(kind),
                                                      states: states, exposesText: true,
                                                      setText: { [store, weak field] text in
                                                          // The field's own cleaning (one line; a secret's first) is what the state keeps.
                                                          guard let field, store.state?.isConnecting == false else { return }
                                                          field.setText(text)
                                                          store.send(.edit(kind, field.text))
                                                      },
                                                      focus: { [weak field] in field?.focus() })
        }
        for (layerID, name) in [("account.connect", context.texts(MailboxText.connect)), ("account.cancel", context.texts(MailboxText.cancel))] {
            guard let button = sheet.layer(withIdentifier: layerID) else { continue }
            var states: Accessibility.States = []
            if layerID == "account.connect", account?.canConnect != true { states.insert(.disabled) }
            if layerID == "account.cancel", account?.isKeeping == true { states.insert(.disabled) }
            button.accessibility = Accessibility(role: .button, name: name, states: states, actions: [.tapping(button)])
        }
        let said = account.map(statusText) ?? ""
        status.accessibility = said.isEmpty ? nil : Accessibility(role: .label, name: said)
    }
}
