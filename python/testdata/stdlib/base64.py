import base64
print(base64.b64encode(b"hello world"), base64.b64encode(b"a"), base64.b64encode(b"ab"), base64.b64encode(b""))
print(base64.b64decode(b"aGVsbG8gd29ybGQ="), base64.b64decode("YQ=="), base64.b64decode("YWI="), base64.b64decode("aGVs\nbG8="))
print(base64.urlsafe_b64encode(bytes([251, 255, 191])), base64.urlsafe_b64decode("-_-_"), base64.b64encode(bytes([251, 255]), altchars=b"*!"))
# ---
import base64
print(base64.standard_b64encode(b"xyz"), base64.standard_b64decode(b"eHl6"), base64.encodebytes(b"x" * 60))
print(base64.decodebytes(b"eHl6\n"), base64.b64decode("YQ==YWI="), base64.b64decode("Y!Q=="))
# ---
import base64
print(base64.b32encode(b"hello"), base64.b32encode(b"a"), base64.b32decode(b"NBSWY3DP"), base64.b32decode("ME======"))
print(base64.b16encode(b"\x00\xffhi"), base64.b16decode("00FF6869"), base64.b16decode("ab", casefold=True), base64.b32decode("nbswy3dp", casefold=True))
print(base64.b32hexencode(b"hi"), base64.b32hexdecode(b"D1KG===="))
# ---
import base64
base64.b64decode("YWJj=")
# ---
import base64
base64.b64decode("YWJjZ")
# raises: Error: Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4
# ---
import base64
base64.b64decode("YWI")
# raises: Error: Incorrect padding
# ---
import base64
base64.b64decode("YW!I=", validate=True)
# raises: Error: Only base64 data is allowed
# ---
import base64
base64.b64encode("text")
# raises: TypeError: a bytes-like object is required, not 'str'
# ---
import base64
try:
    base64.b64decode("abc")
except ValueError as e:
    print(type(e).__name__, e)
try:
    base64.b16decode("0g")
except ValueError as e:
    print(e)
try:
    base64.b32decode("AAA")
except ValueError as e:
    print(e)
# ---
import base64
token = base64.urlsafe_b64encode('{"sub": "ada", "n": 1}'.encode()).decode().rstrip("=")
print(token)
pad = "=" * (-len(token) % 4)
print(base64.urlsafe_b64decode(token + pad).decode())
for s in ["YWJj=", "=YWJj", "YW==Jj", "YWJj=="]:
    try:
        print(base64.b64decode(s, validate=True))
    except ValueError as e:
        print(e)
