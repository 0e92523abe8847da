# traceback's report of exception groups (built, not raised: no frames to differ).
import traceback

a = ValueError('a')
a.add_note('a note')
b = KeyError('b')
b.__cause__ = TypeError('cause of b')
c = OSError(2, 'gone')
c.__context__ = ZeroDivisionError('during')
inner = ExceptionGroup('inner', [b, c])
eg = ExceptionGroup('outer', [a, inner, RuntimeError('r')])
eg.add_note('group note\nsecond line')
print(''.join(traceback.format_exception(eg)))
print(traceback.format_exception_only(eg))
many = ExceptionGroup('many', [ValueError(i) for i in range(18)])
print(''.join(traceback.format_exception(many)))
deep = ExceptionGroup('leaf', [ValueError('x')])
for i in range(12):
    deep = ExceptionGroup('d%d' % i, [deep])
print(''.join(traceback.format_exception(deep)))
print(''.join(traceback.TracebackException.from_exception(inner).format()))
base = BaseExceptionGroup('base', [KeyboardInterrupt(), ValueError(1)])
print(''.join(traceback.format_exception(base, chain=False)))
