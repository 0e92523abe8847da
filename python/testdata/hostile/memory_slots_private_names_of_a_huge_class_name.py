# A slot named __x is stored as _ClassName__x: a class named with ten
# megabytes and thousands of private slots would make gigabytes of names
# while the class is built. Each mangled name is paid for before it is
# made.
name = 'C' * 10_000_000
C = type(name, (), {'__slots__': ['__a%d' % i for i in range(100_000)]})
# limit: memory
