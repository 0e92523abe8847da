for i in range(50):
    await add(i, 1)
# completes
