def f(s):
    n = 0
    while n < len(s) and s[n] == "a":
        n += 1
    return n
