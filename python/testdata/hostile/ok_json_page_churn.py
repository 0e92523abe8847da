import json
pages = []
for p in range(30):
    doc = json.dumps({"items": [{"id": i, "name": "n" * 50} for i in range(500)]})
    pages.append(len(json.loads(doc)["items"]))
print(sum(pages))
# completes
