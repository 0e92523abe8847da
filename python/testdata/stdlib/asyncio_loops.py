import asyncio
async def main():
    await asyncio.sleep(0)
    return 7
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
print(loop.run_until_complete(main()), loop.is_running(), loop.is_closed())
loop.close()
print(loop.is_closed(), repr(loop))
