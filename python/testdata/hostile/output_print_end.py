for i in range(10 ** 7):
    print(i, end='')
# limit: output
