match 1:
    case x:
        pass
    case 1:
        pass
# raises: SyntaxError: name capture 'x' makes remaining patterns unreachable
# ---
match 1:
    case _:
        pass
    case 1:
        pass
# raises: SyntaxError: wildcard makes remaining patterns unreachable
# ---
match 1:
    case x | 1:
        pass
# raises: SyntaxError: name capture 'x' makes remaining patterns unreachable
# ---
match 1:
    case _ | 1:
        pass
# raises: SyntaxError: wildcard makes remaining patterns unreachable
# ---
match 1:
    case 1 | x:
        pass
    case 2:
        pass
# raises: SyntaxError: name capture 'x' makes remaining patterns unreachable
# ---
match 1:
    case (y as x):
        pass
    case 2:
        pass
# raises: SyntaxError: name capture 'y' makes remaining patterns unreachable
# ---
match 1:
    case [x] | [y]:
        pass
# raises: SyntaxError: alternative patterns bind different names
# ---
match 1:
    case [x, y] | [x]:
        pass
# raises: SyntaxError: alternative patterns bind different names
# ---
match 1:
    case [x, x]:
        pass
# raises: SyntaxError: multiple assignments to name 'x' in pattern
# ---
match 1:
    case {"a": x, **x}:
        pass
# raises: SyntaxError: multiple assignments to name 'x' in pattern
# ---
match 1:
    case [*a, *b]:
        pass
# raises: SyntaxError: multiple starred names in sequence pattern
# ---
match 1:
    case {"a": 1, "a": 2}:
        pass
# raises: SyntaxError: mapping pattern checks duplicate key ('a')
# ---
match 1:
    case {1: 1, True: 2}:
        pass
# raises: SyntaxError: mapping pattern checks duplicate key (True)
# ---
match 1:
    case f"x":
        pass
# raises: SyntaxError: patterns may only match literals and attribute lookups
# ---
match 1:
    case {f"k": 1}:
        pass
# raises: SyntaxError: mapping pattern keys may only match literals and attribute lookups
# ---
match 1:
    case C(a=1, a=2):
        pass
# raises: SyntaxError: attribute name repeated in class pattern: a
# ---
match 1:
    case 1 + 1:
        pass
# raises: SyntaxError: imaginary number required in complex literal
# ---
match 1:
    case 1 as _:
        pass
# raises: SyntaxError: cannot use '_' as a target
# ---
match 1:
    case C(a=1, 2):
        pass
# raises: SyntaxError: positional patterns follow keyword patterns
# ---
match 1:
    case 1
        pass
# raises: SyntaxError: expected ':'
# ---
match 1:
case 1:
    pass
# raises: IndentationError: expected an indented block after 'match' statement on line 1
# ---
# The error is found at compile time: nothing runs.
print("not printed")
def f(v):
    match v:
        case y:
            pass
        case _:
            pass
# raises: SyntaxError: name capture 'y' makes remaining patterns unreachable
# ---
# A guard makes an irrefutable case fine, and so does being last.
def f(v):
    match v:
        case x if x:
            return "truthy"
        case _:
            return "falsy"
print(f(1), f(0))
