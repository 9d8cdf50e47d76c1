package detail

// SelectedID is the id of the listing shown, for the root's e.
func (m Model) SelectedID() (int, bool) {
	if m.listing == nil {
		return 0, false
	}
	return m.listing.ID, true
}
