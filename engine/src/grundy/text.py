"""Text in two languages: the one type the engine, the generators and the JSON facade use."""

from __future__ import annotations

from dataclasses import dataclass

LANGS = ("en", "ja")


def ja_then(word: str, particle: str) -> str:
    """`word` then a Japanese particle, as the site writes them: spaced after ASCII
    ("(k = 3) の", "x は"), joined after Japanese ("ニムの", "山の数は")."""
    return f"{word} {particle}" if word and word[-1].isascii() else word + particle


@dataclass(frozen=True)
class Text:
    """The same text in English and Japanese; `str(t)` is the English one."""

    en: str
    ja: str

    def get(self, lang: str = "en") -> str:
        """The text in `lang` ("ja" gives Japanese, anything else English)."""
        return self.ja if lang == "ja" else self.en

    def format(self, **fields) -> "Text":
        """Both languages with `fields` filled in (str.format)."""
        return Text(self.en.format(**fields), self.ja.format(**fields))

    def as_dict(self) -> dict:
        return {"en": self.en, "ja": self.ja}

    def __str__(self) -> str:
        return self.en

    def __add__(self, other: "Text") -> "Text":
        return Text(self.en + other.en, self.ja + other.ja)
