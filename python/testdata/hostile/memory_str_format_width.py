s = '{:>10000000000}'.format('x')
# limit: memory
