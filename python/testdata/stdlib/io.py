import io
f = io.StringIO()
print(f.write("hello\n"), f.write("world\n"), f.tell())
print(repr(f.getvalue()))
f.seek(0)
print(repr(f.readline()), repr(f.read()), repr(f.read()), f.tell())
# ---
import io
f = io.StringIO("a\nb\nc")
print(list(f))
f.seek(0)
print(f.readlines(), f.read(), f.seek(2), f.read(2), f.readline(), f.readline(1))
# ---
import io
f = io.StringIO("abcdef")
f.seek(2)
f.write("XY")
print(f.getvalue(), f.tell())
f.seek(10)
f.write("Z")
print(repr(f.getvalue()))
f.truncate(4)
print(repr(f.getvalue()), f.seek(0, 2))
# ---
import io
with io.StringIO() as buf:
    print("row", 1, sep=",", file=buf)
    print("row", 2, sep=",", file=buf)
    text = buf.getvalue()
print(repr(text), buf.closed)
# ---
import io
f = io.StringIO()
f.close()
f.write("x")
# raises: ValueError: I/O operation on closed file
# ---
import io
io.StringIO().write(5)
# raises: TypeError: string argument expected, got 'int'
# ---
import io
b = io.BytesIO(b"abc")
b.seek(0, 2)
b.write(b"def")
print(b.getvalue(), b.tell())
b.seek(0)
print(b.read(2), b.read(), b.readline())
print(io.BytesIO(b"x\ny\n").readlines(), list(io.BytesIO(b"1\n2")))
# ---
import io
f = io.StringIO()
f.writelines(["a", "b", "c"])
f.seek(1)
print(f.read(), f.readable(), f.writable(), f.seekable(), io.SEEK_END)
f.seek(0)
f.seek(0, 1)
print(f.read(1))
# ---
import io
b = io.BytesIO()
b.close()
b.getvalue()
# raises: ValueError: I/O operation on closed file.
# ---
import io
s = io.StringIO()
b = io.BytesIO()
print(isinstance(s, io.TextIOBase), isinstance(s, io.IOBase), isinstance(b, io.BufferedIOBase), isinstance(b, io.TextIOBase), isinstance(s, io.BufferedIOBase))
