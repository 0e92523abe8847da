for i in range(900):
    print("y" * 1000)
# completes
