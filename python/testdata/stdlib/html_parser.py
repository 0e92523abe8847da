import html.parser
class Collect(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.events = []
    def handle_starttag(self, tag, attrs):
        self.events.append(("start", tag, attrs))
    def handle_endtag(self, tag):
        self.events.append(("end", tag))
    def handle_startendtag(self, tag, attrs):
        self.events.append(("startend", tag, attrs))
    def handle_data(self, data):
        self.events.append(("data", data))
    def handle_comment(self, data):
        self.events.append(("comment", data))
    def handle_decl(self, decl):
        self.events.append(("decl", decl))
    def handle_pi(self, data):
        self.events.append(("pi", data))
p = Collect()
p.feed('<!DOCTYPE html><html><head><title>T &amp; c</title></head><body class="main" data-x=1>')
p.feed('<p id=a>Hello <b>world</b>&nbsp;&copy;<br/><img src="x.png" alt=\'a "q"\' hidden></p><!-- note -->')
p.feed('<script>if (a < b && c > d) { x = "</p>"; }</script><?php echo 1 ?></body></html>')
p.close()
for e in p.events:
    print(e)
print(p.getpos())
# ---
import html.parser
class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.text = []
    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links.append(dict(attrs).get("href"))
    def handle_data(self, data):
        if data.strip():
            self.text.append(data.strip())
doc = """<ul>
  <li><a href="/one">One</a></li>
  <li><A HREF='/two?x=1&amp;y=2'>Two</A></li>
  <li><a href=/three title=t>Three &gt; 2</a>
</ul>"""
p = Links()
p.feed(doc)
p.close()
print(p.links, p.text, p.getpos())
# ---
import html.parser
class Raw(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        print("start", tag, attrs, self.get_starttag_text())
    def handle_endtag(self, tag):
        print("end", tag)
    def handle_data(self, data):
        print("data", repr(data))
    def handle_charref(self, name):
        print("charref", name)
    def handle_entityref(self, name):
        print("entityref", name)
    def handle_comment(self, data):
        print("comment", repr(data))
p = Raw(convert_charrefs=False)
p.feed("<div a b='' c=\"3\">x &lt; y &#65;&#x42; z</div><style>p > a {}</style></ X><!bogus><![CDATA[raw]]>< not a tag")
p.close()
# ---
import html.parser
class Chunks(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        print("start", tag, attrs)
    def handle_data(self, data):
        print("data", repr(data))
p = Chunks()
for piece in ["<a hr", "ef='x'>te", "xt &am", "p; more</a", ">"]:
    p.feed(piece)
p.close()
# ---
from html.parser import HTMLParser
print(HTMLParser)
