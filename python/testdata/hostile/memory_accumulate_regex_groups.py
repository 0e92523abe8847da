# A group of a subject that is not ASCII is made anew on every call, and
# was never charged: m.group() of a 2 MB subject kept in a loop held 7.4 GB
# under toolplane run's 512 MiB limit until its deadline.
import re
m = re.match('.*', '\xe9' * 10 ** 6)
keep = []
while True:
    keep.append(m.group())
# limit: memory
# ---
# A group of an ASCII subject much shorter than it is a copy, charged past
# one block.
import re
m = re.match('(x*)y', 'x' * 10 ** 6 + 'y' + 'z' * 10 ** 6)
keep = []
while True:
    keep.append(m.group(1))
# limit: memory
