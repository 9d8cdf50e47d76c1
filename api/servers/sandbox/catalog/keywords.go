package catalog

import "sync"

// keywords adds words that sellers use in titles but the seed's names and options
// lack (model lines, colloquial names), keyed by category slug. A leaf's own keywords
// weigh like its names; those of its ancestors like ancestor names. This file's and
// sample.go's tables are built on first use: a map literal is built at init, in every
// start of listings (docs/performance.md, "The CLI's start").
var keywords = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"cars":             {"авто", "автомобіль", "автомобиль", "машина", "car", "sedan", "camry", "corolla", "golf", "passat", "octavia", "lanos", "focus"},
		"motorcycles":      {"мотоцикл", "motorcycle", "motorbike", "байк"},
		"trucks-machinery": {"вантажівка", "грузовик", "трактор", "тягач"},
		"tyres-wheels":     {"резина", "гума", "tyre", "tire", "шина", "диск"},
		"car-parts":        {"фара", "бампер", "капот", "двигун", "двигатель", "headlight", "bumper"},
		"car-electronics":  {"магнітола", "магнитола", "реєстратор", "регистратор", "dashcam"},

		"apartments":            {"квартира", "flat", "apartment", "однокімнатна", "двокімнатна", "трикімнатна", "однокомнатная", "двухкомнатная", "трехкомнатная"},
		"apartments-long-rent":  {"оренда", "аренда", "здам", "сдам", "rent", "let", "довгостроково", "долгосрочно"},
		"apartments-daily-rent": {"здам", "сдам", "подобово", "посуточно", "doba", "nightly", "daily"},
		"houses-rent":           {"здам", "сдам"},
		"houses":                {"будинок", "дом", "house", "котедж", "коттедж", "дача"},
		"land":                  {"ділянка", "участок", "соток", "plot"},
		"garages-parking":       {"гараж", "garage", "паркомісце", "парковка"},

		"mobile-phones":     {"iphone", "смартфон", "smartphone", "телефон", "phone", "galaxy", "redmi", "pixel"},
		"phone-accessories": {"чохол", "чехол", "зарядка", "airpods"},
		"laptops":           {"ноутбук", "laptop", "notebook", "macbook", "thinkpad"},
		"desktops":          {"системник", "системный", "imac", "пк"},
		"pc-components":     {"rtx", "geforce", "radeon", "ssd", "монітор", "монитор", "клавіатура", "клавиатура", "мишка"},
		"tv-video":          {"телевізор", "телевизор", "tv"},
		"audio":             {"колонка", "навушники", "наушники", "headphones", "speaker"},
		"games-consoles":    {"playstation", "ps4", "ps5", "xbox", "nintendo", "приставка", "джойстик"},
		"photo-video":       {"фотоапарат", "фотоаппарат", "camera", "canon", "nikon", "sony", "об'єктив", "дрон"},
		"home-appliances":   {"холодильник", "пральна", "стиральная", "пилосос", "пылесос", "бойлер"},
		"tablets-ereaders":  {"ipad", "планшет", "tablet", "kindle"},

		"furniture":           {"диван", "шафа", "шкаф", "стіл", "стол", "ліжко", "кровать", "крісло", "кресло", "sofa", "table"},
		"garden":              {"газонокосарка", "газонокосилка", "розсада", "саджанці"},
		"tools":               {"дриль", "дрель", "болгарка", "шуруповерт", "перфоратор", "drill"},
		"building-renovation": {"цемент", "плитка", "ламінат", "ламинат", "фарба", "краска"},

		"womens-clothing":   {"сукня", "платье", "dress", "блузка", "жіноча", "женская"},
		"mens-clothing":     {"чоловіча", "мужская", "сорочка", "рубашка", "піджак", "пиджак"},
		"shoes":             {"кросівки", "кроссовки", "черевики", "ботинки", "sneakers", "nike", "adidas", "puma"},
		"watches-jewellery": {"годинник", "часы", "watch", "каблучка", "кольцо", "ring"},

		"kids-clothing": {"комбінезон", "комбинезон", "бодік", "боди"},
		"strollers":     {"коляска", "stroller", "візок"},
		"toys":          {"лего", "lego", "іграшка", "игрушка", "toy", "лялька", "кукла"},

		"dogs":         {"цуценя", "цуценята", "щенок", "щенки", "щеня", "puppy", "puppies", "пес", "собака", "dog", "лабрадор", "вівчарка", "овчарка", "хаскі", "хаски", "той-тер'єр"},
		"cats":         {"кошеня", "кошенята", "котенок", "котята", "kitten", "кіт", "кот", "кішка", "кошка", "cat", "британець", "британский", "british"},
		"birds":        {"папуга", "попугай", "parrot", "канарка"},
		"aquarium":     {"рибки", "рыбки", "fish"},
		"farm-animals": {"корова", "коза", "кури", "куры", "кролик", "свиня"},

		"jobs":              {"вакансія", "вакансия", "vacancy", "job", "hiring", "зарплата"},
		"it-jobs":           {"програміст", "программист", "developer", "розробник", "разработчик", "тестувальник", "тестировщик", "qa", "devops", "frontend", "backend"},
		"retail-jobs":       {"продавець", "продавец", "касир", "кассир", "консультант", "cashier"},
		"construction-jobs": {"будівельник", "строитель", "муляр", "каменщик", "зварювальник", "сварщик"},
		"logistics-jobs":    {"водій", "водитель", "driver", "кур'єр", "курьер", "courier", "експедитор"},
		"hospitality-jobs":  {"офіціант", "официант", "кухар", "повар", "бармен", "waiter", "chef"},

		"repair-services":   {"майстер", "мастер", "електрик", "электрик", "сантехнік", "сантехник", "plumber"},
		"moving-services":   {"вантажники", "грузчики", "переїзд", "переезд", "movers"},
		"beauty-services":   {"перукар", "парикмахер", "манікюр", "маникюр", "масаж", "массаж"},
		"tutoring":          {"репетитор", "tutor", "уроки", "заняття", "занятия"},
		"business-for-sale": {"бізнес", "бизнес", "business"},

		"bicycles":            {"велосипед", "велик", "bike", "bicycle", "bmx"},
		"sport-fitness":       {"гантелі", "гантели", "тренажер", "бігова", "беговая", "treadmill"},
		"musical-instruments": {"гітара", "гитара", "guitar", "піаніно", "пианино", "синтезатор"},
		"books":               {"книга", "книжка", "book", "роман", "підручник", "учебник"},
		"collectibles":        {"монета", "марка", "coin", "антикваріат"},
		"camping-fishing":     {"намет", "палатка", "вудка", "удочка", "спінінг", "спиннинг", "tent"},
	}
})

// stopWords are words that say nothing about the category (selling verbs, condition,
// price talk, function words); they are dropped from listings and from the vocabulary.
var stopWords = sync.OnceValue(func() map[string]bool {
	return setOf(
		// selling and buying
		"продам", "продаю", "продаємо", "продаем", "продається", "продаеться", "продается",
		"продамо", "куплю", "купить", "купити", "sell", "selling", "sold", "buy", "buying",
		// condition
		"новий", "нова", "нове", "нові", "новый", "новая", "новое", "новые", "new", "used",
		"бу", "бв", "вживаний", "вживана", "вживане", "стан", "состояние", "condition",
		"ідеальний", "ідеальному", "идеальный", "идеальном", "отличный", "отличном",
		"відмінний", "відмінному", "good", "great", "excellent", "perfect", "mint",
		"терміново", "срочно", "urgent", "original", "оригінал", "оригинал",
		// price talk
		"ціна", "цена", "price", "грн", "uah", "usd", "eur", "долар", "торг", "недорого",
		"дешево", "cheap",
		// function words and fillers of names
		"для", "та", "і", "й", "и", "в", "у", "з", "із", "зі", "на", "по", "до", "під", "под",
		"від", "от", "за", "не", "без", "або", "или", "the", "and", "for", "with", "of", "in",
		"on", "to", "a", "an", "or", "by", "up", "over", "under", "шт", "pcs",
		"інше", "інший", "інша", "інші", "другое", "другой", "другая", "другие", "other",
		"тип", "type",
	)
})

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
