import re
out = []
try:
    rx = re.compile('(?>a+)b')
    out.append(('(?>a+)b', rx.findall('aaab'), [m.span() for m in rx.finditer('aaab')], rx.sub('<\\g<0>>', 'aaab'), rx.split('aaab')))
except re.error as e:
    out.append(('(?>a+)b', 'error', str(e)))
try:
    rx = re.compile('a*+a')
    out.append(('a*+a', rx.findall('aaa'), [m.span() for m in rx.finditer('aaa')], rx.sub('<\\g<0>>', 'aaa'), rx.split('aaa')))
except re.error as e:
    out.append(('a*+a', 'error', str(e)))
try:
    rx = re.compile('(a)?(?(1)b|c)')
    out.append(('(a)?(?(1)b|c)', rx.findall('ab c'), [m.span() for m in rx.finditer('ab c')], rx.sub('<\\g<0>>', 'ab c'), rx.split('ab c')))
except re.error as e:
    out.append(('(a)?(?(1)b|c)', 'error', str(e)))
try:
    rx = re.compile('\\bwörd\\b')
    out.append(('\\bwörd\\b', rx.findall('a wörd here'), [m.span() for m in rx.finditer('a wörd here')], rx.sub('<\\g<0>>', 'a wörd here'), rx.split('a wörd here')))
except re.error as e:
    out.append(('\\bwörd\\b', 'error', str(e)))
try:
    rx = re.compile('(?i)straße')
    out.append(('(?i)straße', rx.findall('STRASSE Straße'), [m.span() for m in rx.finditer('STRASSE Straße')], rx.sub('<\\g<0>>', 'STRASSE Straße'), rx.split('STRASSE Straße')))
except re.error as e:
    out.append(('(?i)straße', 'error', str(e)))
try:
    rx = re.compile('(?a)\\w+')
    out.append(('(?a)\\w+', rx.findall('héllo'), [m.span() for m in rx.finditer('héllo')], rx.sub('<\\g<0>>', 'héllo'), rx.split('héllo')))
except re.error as e:
    out.append(('(?a)\\w+', 'error', str(e)))
try:
    rx = re.compile('(?=\\d)')
    out.append(('(?=\\d)', rx.findall('a1b2'), [m.span() for m in rx.finditer('a1b2')], rx.sub('<\\g<0>>', 'a1b2'), rx.split('a1b2')))
except re.error as e:
    out.append(('(?=\\d)', 'error', str(e)))
try:
    rx = re.compile('a|')
    out.append(('a|', rx.findall('abc'), [m.span() for m in rx.finditer('abc')], rx.sub('<\\g<0>>', 'abc'), rx.split('abc')))
except re.error as e:
    out.append(('a|', 'error', str(e)))
try:
    rx = re.compile('\\d+$')
    out.append(('\\d+$', rx.findall('123\n'), [m.span() for m in rx.finditer('123\n')], rx.sub('<\\g<0>>', '123\n'), rx.split('123\n')))
except re.error as e:
    out.append(('\\d+$', 'error', str(e)))
try:
    rx = re.compile('^\\w+')
    out.append(('^\\w+', rx.findall('ab\ncd'), [m.span() for m in rx.finditer('ab\ncd')], rx.sub('<\\g<0>>', 'ab\ncd'), rx.split('ab\ncd')))
except re.error as e:
    out.append(('^\\w+', 'error', str(e)))
try:
    rx = re.compile('(?m)^\\w+$')
    out.append(('(?m)^\\w+$', rx.findall('ab\ncd'), [m.span() for m in rx.finditer('ab\ncd')], rx.sub('<\\g<0>>', 'ab\ncd'), rx.split('ab\ncd')))
except re.error as e:
    out.append(('(?m)^\\w+$', 'error', str(e)))
try:
    rx = re.compile('.*?x')
    out.append(('.*?x', rx.findall('aaxbx'), [m.span() for m in rx.finditer('aaxbx')], rx.sub('<\\g<0>>', 'aaxbx'), rx.split('aaxbx')))
except re.error as e:
    out.append(('.*?x', 'error', str(e)))
try:
    rx = re.compile('a{2,3}?')
    out.append(('a{2,3}?', rx.findall('aaaa'), [m.span() for m in rx.finditer('aaaa')], rx.sub('<\\g<0>>', 'aaaa'), rx.split('aaaa')))
except re.error as e:
    out.append(('a{2,3}?', 'error', str(e)))
try:
    rx = re.compile('(\\w)\\1')
    out.append(('(\\w)\\1', rx.findall('hello bookkeeper'), [m.span() for m in rx.finditer('hello bookkeeper')], rx.sub('<\\g<0>>', 'hello bookkeeper'), rx.split('hello bookkeeper')))
except re.error as e:
    out.append(('(\\w)\\1', 'error', str(e)))
try:
    rx = re.compile('[^\\W\\d_]+')
    out.append(('[^\\W\\d_]+', rx.findall('ab1_cd é'), [m.span() for m in rx.finditer('ab1_cd é')], rx.sub('<\\g<0>>', 'ab1_cd é'), rx.split('ab1_cd é')))
except re.error as e:
    out.append(('[^\\W\\d_]+', 'error', str(e)))
try:
    rx = re.compile('\\s+')
    out.append(('\\s+', rx.findall('a\xa0b\u2003c\td'), [m.span() for m in rx.finditer('a\xa0b\u2003c\td')], rx.sub('<\\g<0>>', 'a\xa0b\u2003c\td'), rx.split('a\xa0b\u2003c\td')))
except re.error as e:
    out.append(('\\s+', 'error', str(e)))
try:
    rx = re.compile('(?:ab)+')
    out.append(('(?:ab)+', rx.findall('ababx ab'), [m.span() for m in rx.finditer('ababx ab')], rx.sub('<\\g<0>>', 'ababx ab'), rx.split('ababx ab')))
except re.error as e:
    out.append(('(?:ab)+', 'error', str(e)))
try:
    rx = re.compile('(a)(b)?')
    out.append(('(a)(b)?', rx.findall('a ab'), [m.span() for m in rx.finditer('a ab')], rx.sub('<\\g<0>>', 'a ab'), rx.split('a ab')))
except re.error as e:
    out.append(('(a)(b)?', 'error', str(e)))
try:
    rx = re.compile('\\Z')
    out.append(('\\Z', rx.findall('ab\n'), [m.span() for m in rx.finditer('ab\n')], rx.sub('<\\g<0>>', 'ab\n'), rx.split('ab\n')))
except re.error as e:
    out.append(('\\Z', 'error', str(e)))
try:
    rx = re.compile('(?s).+')
    out.append(('(?s).+', rx.findall('a\nb'), [m.span() for m in rx.finditer('a\nb')], rx.sub('<\\g<0>>', 'a\nb'), rx.split('a\nb')))
except re.error as e:
    out.append(('(?s).+', 'error', str(e)))
try:
    rx = re.compile('[\\u00e0-\\u00ff]+')
    out.append(('[\\u00e0-\\u00ff]+', rx.findall('àéîõü x'), [m.span() for m in rx.finditer('àéîõü x')], rx.sub('<\\g<0>>', 'àéîõü x'), rx.split('àéîõü x')))
except re.error as e:
    out.append(('[\\u00e0-\\u00ff]+', 'error', str(e)))
try:
    rx = re.compile('(?x) a b  # comment')
    out.append(('(?x) a b  # comment', rx.findall('ab'), [m.span() for m in rx.finditer('ab')], rx.sub('<\\g<0>>', 'ab'), rx.split('ab')))
except re.error as e:
    out.append(('(?x) a b  # comment', 'error', str(e)))
try:
    rx = re.compile('(?P<y>\\d{4})-(?P=y)')
    out.append(('(?P<y>\\d{4})-(?P=y)', rx.findall('2024-2024 2024-2025'), [m.span() for m in rx.finditer('2024-2024 2024-2025')], rx.sub('<\\g<0>>', '2024-2024 2024-2025'), rx.split('2024-2024 2024-2025')))
except re.error as e:
    out.append(('(?P<y>\\d{4})-(?P=y)', 'error', str(e)))
try:
    rx = re.compile('[a-z]+(?=\\d)')
    out.append(('[a-z]+(?=\\d)', rx.findall('abc1 de fg2'), [m.span() for m in rx.finditer('abc1 de fg2')], rx.sub('<\\g<0>>', 'abc1 de fg2'), rx.split('abc1 de fg2')))
except re.error as e:
    out.append(('[a-z]+(?=\\d)', 'error', str(e)))
try:
    rx = re.compile('(?<!\\$)\\b\\d+')
    out.append(('(?<!\\$)\\b\\d+', rx.findall('$100 200'), [m.span() for m in rx.finditer('$100 200')], rx.sub('<\\g<0>>', '$100 200'), rx.split('$100 200')))
except re.error as e:
    out.append(('(?<!\\$)\\b\\d+', 'error', str(e)))
try:
    rx = re.compile('(?<=\\$)\\d+(?:\\.\\d\\d)?')
    out.append(('(?<=\\$)\\d+(?:\\.\\d\\d)?', rx.findall('$5.99 and $12'), [m.span() for m in rx.finditer('$5.99 and $12')], rx.sub('<\\g<0>>', '$5.99 and $12'), rx.split('$5.99 and $12')))
except re.error as e:
    out.append(('(?<=\\$)\\d+(?:\\.\\d\\d)?', 'error', str(e)))
try:
    rx = re.compile('\\\\')
    out.append(('\\\\', rx.findall('a\\b'), [m.span() for m in rx.finditer('a\\b')], rx.sub('<\\g<0>>', 'a\\b'), rx.split('a\\b')))
except re.error as e:
    out.append(('\\\\', 'error', str(e)))
try:
    rx = re.compile('[.]')
    out.append(('[.]', rx.findall('a.b'), [m.span() for m in rx.finditer('a.b')], rx.sub('<\\g<0>>', 'a.b'), rx.split('a.b')))
except re.error as e:
    out.append(('[.]', 'error', str(e)))
try:
    rx = re.compile('\\$\\{(\\w+)\\}')
    out.append(('\\$\\{(\\w+)\\}', rx.findall('${a} ${bc}'), [m.span() for m in rx.finditer('${a} ${bc}')], rx.sub('<\\g<0>>', '${a} ${bc}'), rx.split('${a} ${bc}')))
except re.error as e:
    out.append(('\\$\\{(\\w+)\\}', 'error', str(e)))
for o in out:
    print(o)
# ---
import re
m = re.match(r"(a)(b)?(?P<c>c)?", "a")
print(m.span(2), m.group(1, 2), m.groupdict(), m.lastgroup, m.lastindex, m.re.pattern, m.string, m.pos, m.endpos)
print(re.sub(r"(?P<w>\w+)@(\w+)", r"\2:\g<w>:\g<0>", "a@b"), re.escape("a-b c.d*e$f^g(h)i{j}k|l\\m/n#o&p~q"), re.findall(r"\d+", "a1b22", re.ASCII))
for bad in [r"\z", r"(?<=a+)b", r"[z-a]", r"a{3,1}", r"(?P<1>x)", r"\1(a)", "(?i" ]:
    try:
        re.compile(bad)
        print(bad, "compiled")
    except re.error as e:
        print(bad, "error:", e)