# JSON-shaped data munging: nested records from an API, flattened, filtered and joined.
users = [{"id": i, "name": "user%d" % i, "org": {"id": i % 40, "name": "org%d" % (i % 40)},
          "tags": ["t%d" % (i % 5), "t%d" % (i % 7)], "active": i % 3 != 0} for i in range(10000)]
issues = [{"id": n, "assignee": n % 10000, "labels": [{"name": "bug"}] if n % 4 == 0 else [{"name": "feat"}, {"name": "ui"}],
           "points": n % 8} for n in range(20000)]
by_user = {}
for it in issues:
    by_user.setdefault(it["assignee"], []).append(it)
out = []
for u in users:
    if not u["active"]:
        continue
    mine = by_user.get(u["id"], [])
    bugs = [i for i in mine if any(l["name"] == "bug" for l in i["labels"])]
    out.append({"user": u["name"], "org": u["org"]["name"], "open": len(mine),
                "bugs": len(bugs), "points": sum(i["points"] for i in mine), "tags": sorted(set(u["tags"]))})
per_org = {}
for row in out:
    agg = per_org.setdefault(row["org"], {"users": 0, "points": 0, "bugs": 0})
    agg["users"] += 1
    agg["points"] += row["points"]
    agg["bugs"] += row["bugs"]
return sorted(per_org.items(), key=lambda kv: -kv[1]["points"])[:3]
