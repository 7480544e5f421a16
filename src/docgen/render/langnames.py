"""Names of the languages Mintlify's ``navigation.languages`` accepts, as their readers write
them (shown in the language switcher)."""

from __future__ import annotations

_NAMES = {
    "ar": "العربية",
    "cn": "中文",
    "cs": "Čeština",
    "de": "Deutsch",
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "fr-ca": "Français (Canada)",
    "he": "עברית",
    "hi": "हिन्दी",
    "id": "Bahasa Indonesia",
    "it": "Italiano",
    "ja": "日本語",
    "jp": "日本語",
    "ko": "한국어",
    "lv": "Latviešu",
    "nl": "Nederlands",
    "no": "Norsk",
    "pl": "Polski",
    "pt": "Português",
    "pt-br": "Português (Brasil)",
    "ro": "Română",
    "ru": "Русский",
    "sv": "Svenska",
    "tr": "Türkçe",
    "uk": "Українська",
    "uz": "Oʻzbek",
    "vi": "Tiếng Việt",
    "zh": "中文",
    "zh-hans": "简体中文",
    "zh-hant": "繁體中文",
}


def language_name(code: str) -> str:
    """``fr`` -> ``Français``; a code docgen does not know is shown as written."""
    return _NAMES.get(code.lower(), code)
