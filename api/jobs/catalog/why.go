package catalog

import (
	"strconv"

	"github.com/listings-tui/listings/api/client/rules"
)

// A row's problem is a rules.Why: the plan keeps its English (Problem.Reason, the
// journal's and --json's), and a front end says its id in the interface's language.
// The words are made the first time one is said: a command that checks no sheet
// does not build them at start.
func init() { rules.RegisterLazy(whyPrefix, importWords) }

const whyPrefix = "import."

// because is the Why of one of the importer's ids (without its prefix).
func because(id string, args ...any) rules.Why { return rules.Because(whyPrefix+id, args...) }

// quoted is a cell as a problem quotes it, cut to n characters.
func quoted(v string, n int) string { return strconv.Quote(rules.Clip(v, n)) }

func importWords() map[string]string {
	return map[string]string{
		"import.same_row":             "the same as row {{.Row}}: one row, one listing",
		"import.id.invalid":           "{{.Value}} is not a listing id: leave it empty to create a listing",
		"import.id.ambiguous":         "earlier imports of this sheet made listings {{.IDs}} with this title: put the id of the one this row is in the id column",
		"import.id.unknown":           "no listing {{.ID}} in this account: leave the id empty to create it (a sheet exported from another account: listings import --new)",
		"import.category.two":         "{{.Column}} {{.Value}} and category_id {{.ID}} name two categories: keep one",
		"import.category.no_id":       "no category has the id {{.ID}}: see listings categories",
		"import.category.no_path":     "no category has the path {{.Value}} in {{.Langs}}: copy a path or an id from listings categories",
		"import.category.not_leaf":    "{{.Path}} ({{.ID}}) has subcategories: a listing goes in one of them (listings categories)",
		"import.category.required":    "required: an id, or a path as listings categories prints it",
		"import.category.suggestable": "required: an id, or a path as listings categories prints it, or --suggest to ask the AI suggestion",
		"import.category.numbered":    "category {{.ID}}",
		"import.suggest.none":         "the AI suggestion found no category for this title: give one",
		"import.suggest.bad":          "the AI suggested {{.Why}}",
		"import.city.required":        `required: a city name (Львів, or "Бровари, Київська") or its city_ref`,
		"import.city_ref.invalid":     "{{.Value}} is not a city_ref (a UUID from listings cities NAME)",
		"import.city.two":             "city {{.City}} and city_ref {{.Ref}} name two places: keep one",
		"import.city.short":           "{{.Value}} is too short for a city name: write it whole, or its city_ref (listings cities NAME)",
		"import.city.many":            `{{.Value}} is {{.N}} places: {{.Places}}; write it with its region, as "{{.Name}}, <region>", or give its city_ref`,
		"import.city.not_in_region":   "no {{.Name}} in the region {{.Region}}; the search found {{.Places}}",
		"import.city.none":            "no city is named {{.Name}}: check the spelling, or give its city_ref (listings cities NAME)",
		"import.city.inexact":         "{{.Value}} names no city exactly, and the search found {{.N}}: {{.Places}}; write one of them whole",
		"import.city.more":            "{{.Places}}; and {{.N}} more",
		"import.media.outside":        "{{.File}} is outside the sheet's folder ({{.Dir}}): an import reads files only from that folder and below; move the file there, or allow files from anywhere (listings import --files-anywhere; in the app, the import's box)",
		"import.media.videos":         "{{.N}} files; a listing has one video",
		"import.media.photos":         "{{.N}} photos; a listing has at most {{.Max}}",
		"import.error":                "{{.Err}}",
		"import.cell.formula":         "a formula ({{.Value}}) whose value the file does not keep (re-saved by a program that does not compute formulas, such as openpyxl): open the sheet in a spreadsheet and save it, or type the value",
		"import.cell.error":           "the spreadsheet's error {{.Value}}: type the value instead",
		"import.cell.date":            "{{.Value}} is a date: a spreadsheet turns a number such as 15.6 into a date (15.06) when the column is not formatted as text; format the column as text or number and type the value again",
		"import.price.percent":        "{{.Value}} is a percentage: a price is a number such as 1500",
		"import.price.invalid":        "{{.Value}} is not a price: write a number such as 1500 or 99.90",
		"import.number.invalid":       "{{.Value}} is not a number",
		"import.currency.invalid":     "{{.Value}} is not a currency: UAH (грн, ₴), USD ($) or EUR (€)",
		"import.bool.invalid":         "{{.Value}} is not yes or no (true/false, так/ні, да/нет)",
		"import.phone.lost":           "{{.Value}} is a phone a spreadsheet turned into a rounded number: its digits are lost; type it again (+380…) in a column formatted as text, or save the sheet as XLSX",
		"import.condition.invalid":    "{{.Value}} is not a condition: new or used",
		"import.contact_name.long":    "{{.N}} characters; shorten it to {{.Max}}",
		"import.attr.unknown":         "{{.Category}} has no attribute {{.Code}}; it has: {{.Codes}}",
		"import.attr.none":            "none",
		"import.attr.required":        "{{.Name}} is required in {{.Category}}",
		"import.attr.required_clear":  "{{.Name}} is required in {{.Category}}: it cannot be cleared",
		"import.attr.choice":          "{{.Value}} is not a choice of {{.Name}}: one of {{.Labels}} (a label in any language, or its value)",
		"import.attr.range":           `{{.Value}} is not a range: write from-to ("2000-2010"), or one bound as "2000-" or "-2010"`,
		"import.attr.range_empty":     "{{.Value}} gives neither bound of the range",
		"import.clear.title":          "a listing has a title: it cannot be cleared",
		"import.clear.description":    "a listing has a description: it cannot be cleared",
		"import.clear.price":          "a price cannot be cleared: a listing for free or in exchange is created so",
		"import.clear.currency":       "a price has a currency: it cannot be cleared",
		"import.clear.hide_phone":     "yes or no: it cannot be cleared",
		"import.clear.category":       "a listing has a category: it cannot be cleared",
		"import.clear.city":           "a listing has a city: it cannot be cleared",
		"import.price_type.change":    "an edit cannot change the price type ({{.From}} to {{.To}}: the spec's edit body has no price_type): leave it as it is, or create a new listing",
		"import.price.free":           "the listing is offered for free: an edit cannot give it a price (the edit body has no price_type); create a new listing for sale",
		"import.price.exchange":       "the listing is offered in exchange: an edit cannot give it a price (the edit body has no price_type); create a new listing for sale",
		"import.photos_wm.alone":      "the watermarked copies follow the photos: change photos (the copies of new photos come with their upload), not photos_wm alone",
		"import.thumbnail.alone":      "the thumbnail follows the video: change video (a new one's thumbnail comes with its upload), not video_thumbnail alone",
		"import.pair.category":        "{{.NameCol}} {{.Name}} and {{.RefCol}} {{.Ref}} disagree, and both differ from the listing's category: keep the one you changed and clear the other",
		"import.pair.city":            "{{.NameCol}} {{.Name}} and {{.RefCol}} {{.Ref}} disagree, and both differ from the listing's city: keep the one you changed and clear the other",
		"import.more":                 "and {{.More}} in this row",
		// A cell read otherwise than written, and the habit of the tool that wrote it.
		"import.fix.note":         "fixed: {{.Line}}",
		"import.fix.row":          "row {{.Row}} {{.Column}} {{.From}} read as {{.To}}",
		"import.fix.listing_text": listingText,
		"import.fix.one":          "{{.Fix}} ({{.Why}})",
		"import.fix.many":         "{{.Why}}: {{.First}}, {{.Second}} and {{.N}} more",
		"import.habit.float":      whyFloat,
		"import.habit.percent":    whyPercent,
		"import.habit.phone":      whyPhone,
		"import.habit.plus":       whyPlus,
		"import.habit.money":      whyMoney,
		"import.habit.bool":       whyBool,
		"import.habit.decimal":    whyDecimal,
		"import.habit.charset":    whyCharset,
	}
}
