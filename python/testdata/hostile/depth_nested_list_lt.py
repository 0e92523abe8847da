a = [1]
b = [2]
for i in range(100000):
    a = [a]
    b = [b]
print(a < b)
# limit: depth
