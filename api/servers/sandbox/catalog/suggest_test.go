package catalog

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	c := testCatalog(t)
	tests := []struct {
		title, description string
		want               int // 0: no match
	}{
		// uk
		{"Продам iPhone 13 128GB", "", 30101},
		{"Дитячий велосипед", "", 1001},
		{"Квартира 2 кімнати оренда", "", 20102},
		{"Продам диван", "", 401},
		{"Ноутбук Lenovo ThinkPad", "", 30201},
		{"Шукаю роботу програмістом", "", 801},
		{"Зимові шини R16", "", 10401},
		{"Дитяча коляска 2 в 1", "", 602},
		{"Пральна машина Bosch", "", 307},
		{"Здам будинок", "", 20202},
		{"Продаж будинку", "", 20201},
		{"Кошеня британець", "", 702},
		{"Палатка 4-місна", "", 1006},
		{"Наручний годинник Casio", "", 505},
		{"Репетитор з математики", "", 904},
		{"Книга Гаррі Поттер", "", 1004},
		{"Чохол", "Силіконовий чохол для телефону, прозорий", 30102},
		// ru
		{"Сдам квартиру посуточно", "", 20103},
		{"Продается 2-комнатная квартира", "", 20101},
		{"Щенки лабрадора", "", 701},
		{"Детский велосипед", "", 1001},
		{"Продам iPhone 12 в отличном состоянии", "", 30101},
		{"Зимняя резина 205/55 R16", "", 10401},
		{"Дрель Makita", "", 404},
		// en
		{"Toyota Camry 2015", "", 101},
		{"Kids bikes 20 inch", "", 1001},
		{"Used Toyota Corolla 2012", "", 101},
		{"PlayStation 5 with two controllers", "", 305},
		{"Apartment for rent 2 rooms", "", 20102},
		{"Selling my old guitar", "", 1003},
		{"Land plot", "", 203},
		// the description alone decides when the title says nothing
		{"Продам терміново", "Гірський велосипед, рама M, колеса 29", 1001},
		// the title outweighs the description
		{"Велосипед", "продаю разом із чохлом для телефону", 1001},
		// nothing to go on
		{"Asdfgh qwerty zxcvb", "", 0},
		{"Продам б/у", "новий, ідеальний стан, торг", 0},
		{"", "", 0},
		{"12345 678", "!!! ??? …", 0},
	}
	for _, tt := range tests {
		got, ok := c.Suggest(tt.title, tt.description, "en")
		if tt.want == 0 {
			if ok {
				t.Errorf("%q: got %d (%s), want no match", tt.title, got.CategoryID, got.Path)
			}
			continue
		}
		if !ok || got.CategoryID != tt.want {
			t.Errorf("%q / %q: got %d (%s) ok=%v, want %d (%s)", tt.title, tt.description,
				got.CategoryID, got.Path, ok, tt.want, c.Path(tt.want, "en"))
		}
	}
}

func TestSuggestAnswerFields(t *testing.T) {
	c := testCatalog(t)
	got, ok := c.Suggest("Toyota Camry 2015", "", "uk")
	if !ok || got != (Suggestion{CategoryID: 101, Path: "Транспорт > Легкові автомобілі", Slug: "cars"}) {
		t.Errorf("Suggest = %+v, %v", got, ok)
	}
	for i := 0; i < 20; i++ {
		again, _ := c.Suggest("Toyota Camry 2015", "", "uk")
		if again != got {
			t.Fatalf("run %d differs: %+v", i, again)
		}
	}
	// A long description is handled and stays deterministic.
	long := strings.Repeat("Гірський велосипед Trek, алюмінієва рама, дискові гальма. ", 80)
	first, ok := c.Suggest("Продам", long, "ru")
	if !ok || first.CategoryID != 1001 || first.Path != "Хобби, отдых и спорт > Велосипеды" {
		t.Errorf("long description: %+v %v", first, ok)
	}
}

func TestWordsMatch(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"велосипеди", "велосипед", true},
		{"bikes", "bike", true},
		{"шини", "шина", true},
		{"кошки", "кошка", true},
		{"nike", "nikon", false},
		{"car", "cargo", false},
		{"tv", "tvs", false},
		{"дом", "дом", true},
		{"телефон", "телевізор", false},
	}
	for _, tt := range tests {
		la, lb := len([]rune(tt.a)), len([]rune(tt.b))
		if got := wordsMatch(tt.a, la, tt.b, lb); got != tt.want {
			t.Errorf("wordsMatch(%q, %q) = %v", tt.a, tt.b, got)
		}
		if got := wordsMatch(tt.b, lb, tt.a, la); got != tt.want {
			t.Errorf("wordsMatch(%q, %q) not symmetric", tt.b, tt.a)
		}
	}
}
