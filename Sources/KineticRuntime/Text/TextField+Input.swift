import KineticCore
import KineticScene

/// The keys, text and clicks a focused field takes, as desktop text fields do (GTK's and the Mac's conventions
/// where they agree): ←/→ by cluster, Ctrl by word; Home/End to the line's ends, with Ctrl the text's; ↑/↓ between
/// lines; Shift extends with any motion; Backspace/Delete a cluster, Ctrl a word; Ctrl-A, C, X, V, Z, Shift-Z, Y.
extension TextField {
    /// A key while the field has the keyboard; true when the field used it. Letters and digits without Ctrl are
    /// used (their text arrives as text), so an app's one-letter shortcuts never fire while typing; Ctrl-Z is the
    /// field's even with nothing left to undo, so it never reaches the app behind.
    func handleKey(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers.contains(.shift), control = event.modifiers.contains(.control)
        let unit: TextEditor.Unit = control ? .word : .grapheme
        if event.key != .up && event.key != .down { goalX = nil }
        switch event.key {
        case .left, .right:
            let rightward = event.key == .right
            if control, isSecure { edit { $0.moveCaret(to: rightward ? $0.text.utf16.count : 0, extending: shift) }; return true }
            if control { edit { $0.moveCaret(forward: rightward, by: .word, extending: shift) }; return true }
            if editor.hasSelection && !shift { edit { $0.moveCaret(forward: rightward, by: .grapheme) }; return true }
            let next = input?.measure.visualStep(from: laidOutOffset(editor.caret), rightward: rightward, in: laidOut, width: wrapWidth)
            if let next { edit { [mask] in $0.moveCaret(to: mask?.textOffset(forMaskedOffset: next) ?? next, extending: shift) } }
            return true
        case .up, .down:
            guard isMultiline else { return false }
            moveVertically(lines: event.key == .down ? 1 : -1, extending: shift)
            return true
        case .pageUp, .pageDown:
            guard isMultiline else { return false }
            let lineHeight = caretRect(at: editor.caret).height
            let lines = max(Int((layer.bounds.height / max(lineHeight, 1)).rounded(.down)) - 1, 1)
            moveVertically(lines: event.key == .pageDown ? lines : -lines, extending: shift)
            return true
        case .home, .end:
            let toEnd = event.key == .end
            let target = control ? (toEnd ? editor.text.utf16.count : 0) : lineEdge(end: toEnd)
            edit { $0.moveCaret(to: target, extending: shift) }
            return true
        case .backspace where control && isSecure, .delete where control && isSecure:
            // A secret has no words to show: Ctrl takes all before (after) the caret, as GTK's password entry does.
            let toEnd = event.key == .delete
            edit {
                if !$0.hasSelection { $0.moveCaret(to: toEnd ? $0.text.utf16.count : 0, extending: true) }
                $0.deleteSelection()
            }
            return true
        case .backspace:
            edit { $0.deleteBackward(by: unit) }
            return true
        case .delete:
            edit { $0.deleteForward(by: unit) }
            return true
        case .enter:
            if control { return false }  // Ctrl-Enter is the form's (compose's Send)
            if isMultiline { edit { $0.type("\n") }; return true }
            return onEnter?() ?? false
        case .tab:
            guard let onTab else { return false }
            onTab(shift)
            return true
        case .escape:
            blur()
            return true
        case .space:
            return !control
        case .contextMenu:
            // The Menu key or Shift-F10 in a field: its edit menu, at the caret.
            guard let show = input?.showMenu else { return false }
            let caret = caretRectInRoot
            show(editMenu.map { ContextMenuItem($0.title, perform: $0.perform) }, Point(x: caret.maxX, y: caret.maxY))
            return true
        case .appMenu:
            return false
        case .character(let name):
            guard control else { return true }
            return command(name.lowercased(), shift: shift)
        }
    }

    /// Ctrl with a letter: select all, the clipboard, undo and redo; others go on to the screen.
    /// The desktop's edit menu for this field: Cut, Copy, Paste and Select All, each doing what its shortcut does
    /// (Ctrl-X, Ctrl-C, Ctrl-V, Ctrl-A), on this field, which takes the keyboard first.
    var editMenu: [(title: String, perform: () -> Void)] {
        let texts = input?.texts ?? .english
        // A secret is never copied or cut: only Paste and Select All are offered for it.
        let items = isSecure ? [(EngineText.paste, "v"), (EngineText.selectAll, "a")]
            : [(EngineText.cut, "x"), (EngineText.copy, "c"), (EngineText.paste, "v"), (EngineText.selectAll, "a")]
        return items.map { title, letter in
            (texts(title), { [weak self] in
                guard let self else { return }
                self.focus()
                _ = self.command(letter, shift: false)
            })
        }
    }

    private func command(_ letter: String, shift: Bool) -> Bool {
        switch letter {
        case "a": edit { $0.selectAll() }
        // Ctrl-Shift-C is not Copy here (it is in a terminal): it goes on to the screen, where a mail program shows Cc.
        case "c" where !shift: if editor.hasSelection, !isSecure { input?.clipboard.setText(editor.selectedText) }
        case "x":
            guard editor.hasSelection, !isSecure else { return true }
            input?.clipboard.setText(editor.selectedText)
            edit { $0.deleteSelection() }
        case "v":
            if let pasted = input?.clipboard.text().map(pastable), !pasted.isEmpty { edit { $0.paste(pasted) } }
        case "z": edit { _ = shift ? $0.redo() : $0.undo() }
        case "y": edit { $0.redo() }
        default: return false
        }
        return true
    }

    /// Typed (or committed) text: replaces the selection.
    func handleText(_ text: String) {
        edit { $0.type(text) }
    }

    /// An input method's text in progress, shown underlined at the caret; empty when it ends.
    func handleComposition(_ text: String) {
        edit { $0.setComposition(text) }
    }

    /// ↑/↓ (or a page of them): to the caret position nearest the same x, `lines` lines down (up when negative).
    private func moveVertically(lines: Int, extending: Bool) {
        let caret = caretRect(at: editor.caret)
        let x = goalX ?? caret.minX
        let target: Int
        if let measure = input?.measure {
            let y = caret.midY + Double(lines) * caret.height
            let lastLineMid = measure.size(of: laidOut, width: wrapWidth).height - caret.height / 2
            if y < 0 { target = 0 } else if y > lastLineMid + caret.height / 2 { target = editor.text.utf16.count } else {
                target = measure.offset(at: Point(x: x, y: y), in: laidOut, width: wrapWidth)
            }
        } else {
            target = lines > 0 ? editor.text.utf16.count : 0
        }
        edit { $0.moveCaret(to: target, extending: extending) }
        goalX = x
    }

    /// The start or end of the caret's line as laid out (a wrapped line's, not the paragraph's).
    private func lineEdge(end: Bool) -> Int {
        guard let measure = input?.measure else { return end ? editor.text.utf16.count : 0 }
        if isSecure { return end ? editor.text.utf16.count : 0 }  // one line, and its offsets are the bullets'
        let caret = caretRect(at: editor.caret)
        let offset = measure.offset(at: Point(x: end ? 1e6 : -1e6, y: caret.midY), in: laidOut, width: wrapWidth)
        // Past a wrapped line's end Pango puts the caret after the space the line broke at; the caret stays on the line.
        if end, offset > editor.caret, caretRect(at: offset).minY > caret.minY + 0.5 { return editor.graphemeBoundaries.grapheme(before: offset) }
        return offset
    }

    /// A press places the caret (Shift extends to it), a second selects the word, a third the line; a drag from
    /// there extends by what the press selected.
    func pointer(_ recognizer: GestureRecognizer) {
        // The point among the text's glyphs: the field's sublayers are placed as its text is drawn (left to right).
        guard let inverse = layer.contentTransformToRoot.inverted() else { return }
        let local = recognizer.location.applying(inverse)
        let offset = self.offset(at: local)
        switch recognizer.state {
        case .began:
            focus()
            let count = clicks.press(at: recognizer.location, time: input?.clock() ?? 0)
            let boundaries = editor.graphemeBoundaries
            let range: Range<Int>
            switch count {
            case 2 where isSecure: range = 0..<boundaries.length  // a secret's words are not shown: all of it
            case 2: range = boundaries.word(at: offset)
            case 3: range = isMultiline ? boundaries.paragraph(at: offset) : 0..<boundaries.length
            default: range = offset..<offset
            }
            pressOrigin = (range, count)
            if count == 1, recognizer.startLocation == recognizer.location, extendingClick {
                edit { $0.moveCaret(to: offset, extending: true) }
            } else {
                edit { $0.select(range) }
            }
        case .changed:
            guard let origin = pressOrigin else { return }
            let boundaries = editor.graphemeBoundaries
            let reach = origin.count == 2 && isSecure ? 0..<boundaries.length : origin.count == 2 ? boundaries.word(at: offset) : origin.count == 3 ? boundaries.paragraph(at: offset) : offset..<offset
            // The selection holds what the press selected and grows towards the pointer, keeping the far end put.
            if reach.lowerBound < origin.range.lowerBound {
                edit { $0.select(origin.range.upperBound..<origin.range.upperBound); $0.moveCaret(to: reach.lowerBound, extending: true) }
            } else {
                edit { $0.select(origin.range.lowerBound..<max(reach.upperBound, origin.range.upperBound)) }
            }
        default:
            pressOrigin = nil
        }
    }

    /// Whether the click that just landed was made with Shift held (the stage notes the modifiers the window saw).
    private var extendingClick: Bool { input?.shiftHeld ?? false }
}
