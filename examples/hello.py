# A first snippet: plain Python, no capabilities needed.
# Run it with: go run ./cmd/toolplane run examples/hello.py
words = ["toolplane", "runs", "python", "snippets", "for", "agents"]
lengths = {}
longest = ""
for w in words:
    lengths[w] = len(w)
    if len(w) > len(longest):
        longest = w
print("longest word:", longest)
return {"count": len(words), "longest": longest, "lengths": lengths}
