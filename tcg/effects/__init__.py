"""Card effects as data (elements-of-chaos.md, "Cards"): the effect language and its checking
(``language``) and an effect written as card text in Japanese and English (``text``); the
``eoc`` engine runs them (``play/games/eoc/effects.py``). Plain Python, no Django."""
