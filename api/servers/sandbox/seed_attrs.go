package sandbox

import "sync"

// seedAttrs override sampled attribute values where the title names them, keyed by the
// English title, so a seeded "iPhone 13" is not filed under another brand. Built on
// first use: a map literal of maps is built by the package's init, in every start of
// the binary, which links the sandbox for every command.
var seedAttrs = sync.OnceValue(func() map[string]map[string]any {
	return map[string]map[string]any{
		"Samsung Galaxy S10, 128 GB":                     {"brand": "samsung", "model": "Galaxy S10", "memory": "128"},
		"iPhone 13 128 GB, blue":                         {"brand": "apple", "model": "iPhone 13", "memory": "128", "color_name": "Blue", "battery_health": 89},
		"Samsung Galaxy A55 8/256 GB, official warranty": {"brand": "samsung", "model": "Galaxy A55", "memory": "256", "warranty": true},
		"iPhone 15 Pro Max 256 GB, 1:1 replica":          {"brand": "apple", "model": "iPhone 15 Pro Max", "memory": "256"},
		"Lenovo ThinkPad T480 laptop, i5, 16 GB":         {"brand": "lenovo", "model": "ThinkPad T480", "ram": "16", "storage_gb": 512, "storage_type": "SSD", "screen_size": 14, "cpu": "Intel Core i5-8350U"},
		"MacBook Air M1 8/256, Space Gray":               {"brand": "apple", "model": "MacBook Air M1", "ram": "8", "storage_gb": 256, "storage_type": "SSD", "screen_size": 13.3, "cpu": "Apple M1"},
		"ASUS VivoBook 15 laptop, Ryzen 5, 16/512 GB":    {"brand": "asus", "model": "VivoBook 15", "ram": "16", "storage_gb": 512, "storage_type": "SSD", "screen_size": 15.6, "cpu": "AMD Ryzen 5 7530U"},
		"Volkswagen Golf VII 2015, 1.4 TSI":              {"brand": "volkswagen", "model": "Golf VII", "year": 2015, "mileage_km": 148000, "fuel": "petrol", "gearbox": "robotic", "body_type": "hatchback", "engine_volume": 1.4},
		"Skoda Octavia A8 2021, 2.0 TDI":                 {"brand": "skoda", "model": "Octavia A8", "year": 2021, "mileage_km": 96000, "fuel": "diesel", "gearbox": "automatic", "body_type": "wagon", "engine_volume": 2},
		"Honda Dio AF-35 scooter":                        {"brand": "honda", "moto_type": "scooter", "year": 2004, "engine_cc": 49},
		"Sony PlayStation 5 with two controllers":        {"platform": "ps5", "item_type": "console"},
		"Swap: Nintendo Switch OLED for a Steam Deck":    {"platform": "switch", "item_type": "console"},
		"LG 43\" 4K Smart TV":                            {"device_type": "tv", "brand": "LG", "screen_diagonal": 43, "resolution": "4K UHD", "smart_tv": true},
		"Samsung UE55CU7100 55\" 4K TV":                  {"device_type": "tv", "brand": "Samsung", "screen_diagonal": 55, "resolution": "4K UHD", "smart_tv": true},
		"Trek Marlin 5 mountain bike, size L":            {"bike_type": "mountain", "wheel_size": "29", "frame_size": "L", "brand": "Trek", "electric": false},
		"NVIDIA GeForce RTX 3060 12 GB graphics card":    {"component_type": "gpu", "brand": "NVIDIA", "model": "GeForce RTX 3060"},
		"Samsung 990 PRO 1 TB NVMe SSD":                  {"component_type": "storage", "brand": "Samsung", "model": "990 PRO 1 TB"},
		"Sony WH-1000XM4 headphones":                     {"device_type": "headphones", "brand": "Sony", "wireless": true},
		"JBL Flip 6 portable speaker":                    {"device_type": "portable_speaker", "brand": "JBL", "wireless": true},
		"PocketBook 628 e-reader":                        {"brand": "pocketbook", "model": "628", "screen_size": 6},
		"Samsung Galaxy Tab A9+ 11\" 64 GB tablet":       {"brand": "samsung", "model": "Galaxy Tab A9+", "memory": "64", "screen_size": 11},
	}
})
