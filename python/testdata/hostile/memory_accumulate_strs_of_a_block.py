# A str up to one block long (1 KiB) made by a concatenation, a format, an
# f-string or a slice is not charged where it is made; storing it charges
# it. Only strs under 256 bytes were: keeping a + str(i) of 800 bytes took
# toolplane run to 7.4 GB under its 512 MiB limit ('%s%d' % (a, i): 6.0 GB).
a = 'x' * 790
keep = []
i = 0
while True:
    keep.append(a + str(i))
    i += 1
# limit: memory
# ---
# In a chain of tuple displays.
a = 'x' * 790
keep = None
i = 0
while True:
    keep = (f'{a}{i}', keep)
    i += 1
# limit: memory
# ---
# In instances' attributes.
a = 'x' * 790
class Rec:
    def __init__(self, i):
        self.text = '%s%d' % (a, i)
        self.score = i * 1.5
keep = []
i = 0
while True:
    keep.append(Rec(i))
    i += 1
# limit: memory
