# Codecs and str.translate counted none of their work as steps, nor polled
# the deadline inside a call: a loop of them ran to the deadline, and one
# call on a 400 MB bytes (b.decode('utf-8', 'ignore')) ran five seconds
# past a one-second timeout. These loops end by the step budget within a
# few of their iterations.
b = b'\xff' * 2 ** 18
while True:
    b.decode('utf-8', 'ignore')
# limit: steps
# ---
b = b'\xff' * 2 ** 18
while True:
    str(b, 'utf-8', 'replace')
# limit: steps
# ---
b = b'\x80' * 2 ** 20
while True:
    b.decode('ascii', 'ignore')
# limit: steps
# ---
b = b'\xe9' * 2 ** 20
while True:
    b.decode('latin-1')
# limit: steps
# ---
s = '\xe9' * 2 ** 20
while True:
    s.encode('latin-1')
# limit: steps
# ---
s = 'a' * 2 ** 20
table = {97: 'b'}
while True:
    s.translate(table)
# limit: steps
