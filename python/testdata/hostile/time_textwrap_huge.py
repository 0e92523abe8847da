# textwrap.wrap of 2 MB of text once ran long past the run's deadline.
import textwrap
text = "word " * 400000
textwrap.wrap(text, 40)
# limit: time
# ---
import textwrap
textwrap.fill("x" * 2000000, 7)
# limit: time
# ---
import textwrap
textwrap.dedent("    a\n" * 300000)
textwrap.indent("a\n" * 300000, "  ")
textwrap.shorten("word " * 400000, 50)
textwrap.wrap("a-b " * 500000, 10)
# limit: time
