s = "hello"
print(s[0], s[-1], s[1:3], s[::-1], s[::2], s[10:], s[-3:], len(s))
# ---
s = "héllo wörld ☃"
print(len(s), s[1], s[-1], s[7:11], s.upper(), s[::-1])
# ---
s = "日本語のテキスト"
print(len(s), s[0], s[2:4], s.find("テ"), s.index("の"), list(s[:3]))
# ---
s = "emoji 😀 end"
print(len(s), s[6], ord(s[6]), s.encode("utf-8")[6:10], len(s.encode()))
# ---
"abc"[5]
# raises: IndexError: string index out of range
# ---
s = "abc"
s[0] = "x"
# raises: TypeError: 'str' object does not support item assignment
# ---
print("ab" + "cd", "ab" * 3, 3 * "-", "" * 5, "x" * 0, "x" * -1)
# ---
print("a" < "b", "abc" < "abd", "Z" < "a", "" < "a", "abc" == "abc", "a" in "cat", "" in "x")
# ---
print("he said \"hi\"", 'it\'s', "tab\there", "nl\\n", r"raw\n", "\x41\u00e9\U0001F600")
# ---
print(repr("it's"), repr('say "x"'), repr("both ' and \""), repr("\n\t\\"), repr("é☃"), repr("\x00\x7f"))
# ---
s = """line1
line2
  line3"""
print(s.splitlines(), len(s))
# ---
print("abc" "def", ("multi"
      "line"))
# ---
s = ""
for ch in "abc":
    s += ch.upper() + ch
print(s)
# ---
print(str(123), str(1.5), str([1, "a"]), str((1,)), str({"k": "v"}), str(None))
# ---
print(chr(65), ord("a"), chr(0x263A), ord("€"), chr(128512))
# ---
ord("ab")
# raises: TypeError: ord() expected a character, but string of length 2 found
# ---
print(list("abc"), tuple("xy"), sorted("banana"), set("aa") == {"a"})
# ---
print("%s|%5s|%-5s|" % ("a", "b", "c"), "a,b".split(","), "-".join(["x", "y"]))
# ---
words = ["apple", "Banana", "cherry"]
print(sorted(words), sorted(words, key=str.lower), max(words, key=len))
# ---
print("abc".__len__(), "abc".__contains__("b"), "ab".__add__("c"), "ab".__mul__(2))
# ---
s = "a\u0301"
print(len(s), s == "á", repr(s[1]))
# ---
print(str(), repr(""), len(""), ""[:5], bool(""))
# ---
print("x".join("abc"), ", ".join(str(i) for i in range(4)), "".join(reversed("stressed")))
# ---
"".join([1, 2])
# raises: TypeError: sequence item 0: expected str instance, int found
# ---
print("abc"[1:100], "abc"[-100:1], "abcdef"[4:1], "abcdef"[4:1:-1], "abcdef"[::-2])
# ---
s = "hello world"
print(s[slice(0, 5)], s[slice(None, None, 3)], s[len(s) - 1])
# ---
print(hash("abc") == hash("ab" + "c"), "abc" is not None, "a" * 3 == "aaa")
# ---
print(f"{'ß'.upper()}", "İ".lower() == "i̇", "ǅ".swapcase(), "ß".casefold())
