package browser

// SelectedID is the id of the listing under the cursor, for the root's e.
func (m Model) SelectedID() (int, bool) {
	l, ok := m.Selected()
	return l.ID, ok
}
