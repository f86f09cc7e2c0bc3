// Trampolines for the libraries of lazy_libraries.h (see lazy.c), x86-64 System V.
//
// Each function F the program calls is defined here, hidden (the program's own calls bind to it,
// no library's do), as `jmp *slot_F`. Until the library is open, slot_F holds stub_F, which
// passes its slot and its library to tp_lazy_common; that saves every register that may carry an
// argument (rdi, rsi, rdx, rcx, r8, r9, rax for a variadic call's vector count, xmm0-7), calls
// tp_lazy_bind, restores them and jumps to the function now in the slot, with the stack as the
// caller left it (arguments on the stack included). r10 and r11 carry no arguments in C calls.
#include "lazy_libraries.h"

#if defined(__x86_64__) && defined(__linux__) && !defined(TP_LAZY_LINK_ALL)

#define TRAMPOLINE(lib, name)                                                                  \
    .globl name; .hidden name; .type name, @function; .p2align 4;                              \
    name: jmp *tp_lazy_slot_##name(%rip);                                                      \
    .size name, . - name;                                                                      \
    tp_lazy_stub_##name: lea tp_lazy_slot_##name(%rip), %r10; lea tp_lazy_##lib(%rip), %r11;  \
    jmp tp_lazy_common;
#define TRAMPOLINES(lib, soname, package, LIST) LIST(TRAMPOLINE, lib)

#define SLOT(lib, name) tp_lazy_slot_##name: .quad tp_lazy_stub_##name;
#define SLOTS(lib, soname, package, LIST)                                                      \
    .globl tp_lazy_slots_##lib; .hidden tp_lazy_slots_##lib; tp_lazy_slots_##lib: LIST(SLOT, lib)

    .text
    .p2align 4
    .type tp_lazy_common, @function
tp_lazy_common:
    // On entry the stack is as at the call (rsp = 8 mod 16); after rbp and eight registers it is
    // 16-aligned, and 128 bytes of xmm keep it so for the call.
    push %rbp
    mov %rsp, %rbp
    push %rdi
    push %rsi
    push %rdx
    push %rcx
    push %r8
    push %r9
    push %rax
    push %r10
    sub $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    mov %r11, %rdi
    call tp_lazy_bind
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    add $128, %rsp
    pop %r10
    pop %rax
    pop %r9
    pop %r8
    pop %rcx
    pop %rdx
    pop %rsi
    pop %rdi
    pop %rbp
    jmp *(%r10)
    .size tp_lazy_common, . - tp_lazy_common

TP_LAZY_LIBRARIES(TRAMPOLINES)

    .data
    .p2align 3
TP_LAZY_LIBRARIES(SLOTS)

#endif

    .section .note.GNU-stack, "", @progbits
