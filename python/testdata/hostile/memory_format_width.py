s = f'{1:10000000000}'
# limit: memory
