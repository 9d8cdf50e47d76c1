// Package assets owns the files embedded in the binary: the sandbox's seed data
// (categories, attributes, cities, copied from shared/data) and the 3D capture widget
// the sandbox serves. Nothing here is read from disk at run time.
package assets

import "embed"

// Seed holds seed/categories.json, seed/attributes.json and seed/cities.json.
//
//go:embed seed/*.json
var Seed embed.FS

// Widget holds widget/capture3d.js, served by the sandbox at /widget/capture3d.js.
//
//go:embed widget
var Widget embed.FS

// I18n holds i18n/<lang>/<area>.json, the interface's message catalogs
// (internal/i18n): a folder a language, a file an area of the interface, so that
// translators of different screens do not edit one file.
//
//go:embed i18n
var I18n embed.FS
