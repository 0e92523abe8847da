import string
print(string.ascii_lowercase, string.ascii_uppercase, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable), len(string.ascii_letters))
# ---
import string
print(string.capwords("hello   big world"), string.capwords("a-b c-d", "-"), string.capwords(""))
# ---
from string import Template
t = Template("$who likes $what; ${who}s cost $$5")
print(t.substitute(who="tim", what="kung pao"), t.substitute({"who": "ann", "what": "tea"}))
# ---
from string import Template
print(Template("$a and $b").safe_substitute(a=1), Template("$x").substitute({"x": 1}, x=2))
# ---
from string import Template
Template("$missing here").substitute(other=1)
# raises: KeyError: 'missing'
# ---
from string import Template
Template("cost: $ 5").substitute()
# raises: ValueError: Invalid placeholder in string: line 1, col 7
# ---
from string import Template
print(Template("$a ${b} $a $$c").get_identifiers(), Template("ok $x").is_valid(), Template("bad $").is_valid())
# ---
import string
allowed = set(string.ascii_letters + string.digits + "_")
print([w for w in ["ok_1", "no-dash", "x y"] if set(w) <= allowed], "".join(c for c in "a1!b2?" if c in string.digits))
# ---
import textwrap
text = "The quick brown fox jumps over the lazy dog. " * 3
print(textwrap.wrap(text, width=30))
print(textwrap.fill(text, width=40))
# ---
import textwrap
print(textwrap.fill("aaa bbb ccc ddd eee", width=8, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("short", 10), textwrap.wrap("", 10), textwrap.wrap("   ", 10))
# ---
import textwrap
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10))
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10, break_long_words=False))
# ---
import textwrap
print(textwrap.wrap("well-known state-of-the-art self-driving", 12))
print(textwrap.wrap("well-known state-of-the-art", 12, break_on_hyphens=False))
# ---
import textwrap
print(textwrap.shorten("Hello  world!  This is a long sentence.", width=20))
print(textwrap.shorten("Hello world", width=11), textwrap.shorten("Hello world", width=10, placeholder="..."))
# ---
import textwrap
s = '''
    def f():
        return 1
    '''
print(repr(textwrap.dedent(s)))
print(repr(textwrap.dedent("  a\n\tb\n")), repr(textwrap.dedent("   x\n   \n  y")))
# ---
import textwrap
print(textwrap.indent("a\nb\n\nc", "> "))
print(repr(textwrap.indent("a\n  \nb", "+", lambda line: True)))
# ---
import textwrap
w = textwrap.TextWrapper(width=15, max_lines=2, placeholder=" ~")
print(w.wrap("one two three four five six seven"), w.fill("tiny"))
# ---
import textwrap
print(textwrap.fill("tab\tseparated\twords here", 12), textwrap.wrap("a\nb c", 5))
# ---
import textwrap
textwrap.wrap("abc", 0)
# raises: ValueError: invalid width 0 (must be > 0)
# ---
import textwrap
print(textwrap.wrap("Hello there. How are you? I'm fine! Yes.", 15, fix_sentence_endings=True))
print(textwrap.fill('He said "stop." Then left. OK.', 40, fix_sentence_endings=True))
# ---
import string
for n in ("whitespace", "ascii_lowercase", "ascii_uppercase", "ascii_letters", "digits", "hexdigits", "octdigits", "punctuation", "printable"):
    print(n, repr(getattr(string, n)))
# ---
from string import Template
for t in ("$", "a $", "ab\ncd $", "ab\n$", "x\r\ny\n\n  $!", "${", "$$ $1", "\n\n$ "):
    try:
        Template(t).substitute(a=1)
    except ValueError as e:
        print(repr(t), e)
