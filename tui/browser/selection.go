package browser

// SelectedID is the id of the listing under the cursor, for the root's e; none for a
// listing whose id could not be read.
func (m Model) SelectedID() (int, bool) {
	l, ok := m.Selected()
	return l.ID, ok && l.HasID()
}
