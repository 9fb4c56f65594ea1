#!/usr/bin/env zsh
# Types LINE and a Tab into an interactive zsh (in a pseudo-terminal, zsh/zpty) whose fpath
# starts with FPATH_DIR, in WORKDIR, and prints what the terminal shows afterwards, roughly:
# escape sequences and control characters removed (zle redraws by writing only what changed,
# so "th" + Tab reads "th", escapes, "umbnail"). Waits until EXPECTED appears, or 60 s (a hang
# guard: the wait ends as soon as EXPECTED shows).
# usage: zsh_complete.zsh FPATH_DIR WORKDIR LINE EXPECTED
emulate -L zsh
zmodload zsh/zpty || exit 2
local fpath_dir=${1:A} workdir=${2:A} line=$3 expected=$4
# The set-up goes in a .zshrc, so the terminal shows only the prompt, LINE and the completion.
local zdotdir=$(mktemp -d)
print -r -- "PS1='%% '; fpath=(${(q)fpath_dir} \$fpath); autoload -Uz compinit
compinit -u -D; cd ${(q)workdir}" > $zdotdir/.zshrc
zpty shell "ZDOTDIR=${(q)zdotdir} zsh -i"
zpty -w -n shell "$line"$'\t'
local output="" chunk text=""
local -i waited=0
while (( waited < 600 )); do
  while zpty -r -t shell chunk; do output+=$chunk; done
  text=$(print -r -- "$output" | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1b[=>]//g' |
         tr -d '\000-\011\013-\037')
  [[ $text == *"$expected"* ]] && break
  sleep 0.1
  (( waited++ ))
done
zpty -d shell
rm -rf $zdotdir
print -r -- "$text"
