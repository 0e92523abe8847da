async def spin():
    while True:
        pass
await spin()
# limit: steps
