package mediapick

import (
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/filepicker"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// pickerTypes are the endings the picker offers. Its match is case-sensitive, so both
// cases are listed (cameras write IMG_0001.JPG); the content decides in the end.
var pickerTypes = func() []string {
	var out []string
	for _, e := range photoExts {
		out = append(out, e, strings.ToUpper(e))
	}
	return out
}()

// sizeCols is the width of the picker's size column plus its space; a row reads
// cursor, size, space, name.
const sizeCols = 8

// pickerChrome is the picker screen's lines around the list: title, hint, last result.
const pickerChrome = 3

func newPicker(dir string) filepicker.Model {
	fp := filepicker.New()
	fp.CurrentDirectory = dir
	fp.AllowedTypes = pickerTypes
	fp.ShowPermissions = false
	fp.ShowSize = true
	// The step sets the height; a forwarded WindowSizeMsg must not change it.
	fp.AutoHeight = false
	fp.Cursor = theme.Cursor
	// esc closes the picker instead of going up a folder.
	fp.KeyMap.Back = key.NewBinding(key.WithKeys("h", "left", "backspace"))
	fp.Styles = filepicker.Styles{
		DisabledCursor:   theme.Faint,
		Cursor:           theme.Key,
		Symlink:          theme.Link,
		Directory:        theme.Heading,
		File:             theme.Value,
		DisabledFile:     theme.Faint,
		Permission:       theme.Muted,
		Selected:         theme.Selected,
		DisabledSelected: theme.Muted,
		FileSize:         theme.Muted.Width(sizeCols - 1).Align(lipgloss.Right),
		EmptyDirectory:   theme.Muted.PaddingLeft(2).SetString(i18n.T("pickers.media.empty_dir")),
	}
	return fp
}

func (m *Model) pickerHeight() int { return max(m.height-pickerChrome, 1) }

// openPicker shows the picker where it was left; it reads the folder again.
func (m *Model) openPicker() tea.Cmd {
	m.closeModes()
	m.mode = picking
	m.picker.CurrentDirectory = m.pickDir
	m.picker.SetHeight(m.pickerHeight())
	return m.picker.Init()
}

// pickerKey gives the picker one of its keys and acts on a chosen file: not yet a
// photo, it is checked and added; already one, it is removed.
func (m *Model) pickerKey(msg tea.KeyMsg) tea.Cmd {
	m.notice = ""
	dir := m.picker.CurrentDirectory
	// A stale Path would be reported again by DidSelectFile on a later key.
	m.picker.Path = ""
	var cmd tea.Cmd
	m.picker, cmd = m.picker.Update(msg)
	m.pickDir = m.picker.CurrentDirectory
	if m.picker.CurrentDirectory != dir {
		// Entering a folder: the picker still holds the old folder's files until
		// it has read the new one, so its selection means nothing yet.
		return cmd
	}
	if ok, path := m.picker.DidSelectFile(msg); ok && path != "" {
		return tea.Batch(cmd, m.toggle(path))
	}
	if ok, path := m.picker.DidSelectDisabledFile(msg); ok && path != "" {
		m.notice = theme.ErrorMark + " " + i18n.T("pickers.media.not_photo", "Name", cleanName(path))
	}
	return cmd
}

// toggle adds a picked file, or removes it when it is a photo already.
func (m *Model) toggle(path string) tea.Cmd {
	path = filepath.Clean(path)
	for i := range m.photos {
		if m.photos[i].photo.Path == path {
			return m.removePhoto(i)
		}
	}
	return m.check(secPhotos, path, 0)
}

// pickerLines renders the picker in h lines with a mark before each file that is a
// photo already.
func (m *Model) pickerLines(h int) []string {
	lines := window(strings.Split(m.picker.View(), "\n"), h)
	added := make(map[string]bool, len(m.photos))
	for _, it := range m.photos {
		if it.photo.Path != "" {
			added[it.photo.Path] = true
		}
	}
	mark := theme.Success.Render(theme.OKMark) + " "
	for i, ln := range lines {
		name := pickerName(ansi.Strip(ln))
		if name != "" && added[filepath.Join(m.picker.CurrentDirectory, name)] {
			lines[i] = mark + ln
		} else {
			lines[i] = "  " + ln
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// pickerName reads the file name back from one rendered picker row (the picker does
// not expose its rows); a symlink's row ends with " → target".
func pickerName(row string) string {
	_, n := utf8.DecodeRuneInString(row)
	row = row[n:]
	if len(row) <= sizeCols {
		return ""
	}
	name := row[sizeCols:]
	if i := strings.Index(name, " → "); i >= 0 {
		name = name[:i]
	}
	return name
}

// closeModes closes the picker and the input. A path being checked is still added,
// unless the input was cancelled with esc.
func (m *Model) closeModes() {
	m.mode = browsing
	m.input.Blur()
	m.inputBusy = false
	m.inputErr = ""
}
