# unicodedata: names (algorithmic CJK and Hangul ones too), lookup, categories and normalization forms.
import unicodedata as u
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)
for ch in 'aA1 é\u0301\u2028\x00\u4e00\uac00😀\u00bd_-(«$+^©\ue000':
    show('name %r' % ch, lambda: u.name(ch))
    show('cat %r' % ch, lambda: u.category(ch))
show('name default', lambda: u.name('\x00', 'none'))
show('name long', lambda: u.name('ab'))
show('name int', lambda: u.name(5))
for n in ('LATIN SMALL LETTER A', 'latin small letter e with acute', 'SNOWMAN', 'NO SUCH THING'):
    show('lookup ' + n, lambda: u.lookup(n))
for f in ('NFC', 'NFD', 'NFKC', 'NFKD', 'XX'):
    for s in ('e\u0301', 'é', '\ufb01ne', '\u00bd', 'Å'):
        show(f + ' ' + ascii(s), lambda: ascii(u.normalize(f, s)))
        show('is ' + f + ' ' + ascii(s), lambda: u.is_normalized(f, s))
print(u.unidata_version)
