# sorted() keeps the keys its key function returns in Go while it calls
# back into the snippet: a remeasure did not see them, and keys of a hundred
# slots each for 10**5 items held 198 MiB live at a 16 MiB limit.
print(len(sorted(range(10**6), key=lambda v: [v] * 100)))
# limit: memory
