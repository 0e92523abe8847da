return 5
# raises: SyntaxError: 'return' outside function
# ---
break
# raises: SyntaxError: 'break' outside loop
# ---
continue
# raises: SyntaxError: 'continue' not properly in loop
# ---
nonlocal x
# raises: SyntaxError: nonlocal declaration not allowed at module level
# ---
def f():
    nonlocal q
# raises: SyntaxError: no binding for nonlocal 'q' found
# ---
x = (1, 2
# raises: SyntaxError: '(' was never closed
# ---
1 = x
# raises: SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
# ---
f() = 1
# raises: SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?
# ---
def f(a, a):
    pass
# raises: SyntaxError: duplicate argument 'a' in function definition
# ---
def f(a=1, b):
    pass
# raises: SyntaxError: non-default argument follows default argument
# ---
x = [1, 2,, 3]
# raises: SyntaxError: invalid syntax
# ---
if True
    pass
# raises: SyntaxError: expected ':'
# ---
def f():
return 1
# raises: IndentationError: expected an indented block after function definition on line 1
# ---
x = 1
  y = 2
# raises: IndentationError: unexpected indent
# ---
f(x for x in range(3), 1)
# raises: SyntaxError: Generator expression must be parenthesized
# ---
yield 1
# raises: SyntaxError: 'yield' outside function
# ---
def f():
    x = 1
    global x
# raises: SyntaxError: name 'x' is assigned to before global declaration
# ---
print("unterminated)
# raises: SyntaxError: unterminated string literal (detected at line 1)
# ---
a + = 1
# raises: SyntaxError: invalid syntax
# ---
del f()
# raises: SyntaxError: cannot delete function call
# ---
f(a=1, a=2)
# raises: SyntaxError: keyword argument repeated: a
# ---
f(a=1, 2)
# raises: SyntaxError: positional argument follows keyword argument
# ---
x = 5 if True
# raises: SyntaxError: expected 'else' after 'if' expression
# ---
await slow(1)
# raises: SyntaxError: 'await' outside function
# ---
def f():
    await g()
# raises: SyntaxError: 'await' outside async function
# ---
class C:
    return 1
# raises: SyntaxError: 'return' outside function
# ---
x = 0o8
# raises: SyntaxError: invalid digit '8' in octal literal
# ---
s = f"{}"
# raises: SyntaxError: f-string: empty expression not allowed
