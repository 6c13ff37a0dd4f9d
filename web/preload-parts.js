// Put into index.html by web/place-split.mjs, which fills in __PARTS__: the files of each lazy
// part of the app (its own and the shared pieces it needs), as the parts' loader fetches them.
//
// A page opened straight at a game (an embedded game, a share link, a replay, a reload) would
// otherwise fetch that game's part only once the main part had loaded and started: one more
// round trip before the board. This asks for the part's files at once, beside the main part;
// the loader's own fetches then take these responses. It reads the address as the app's routes
// do (src/app/route.rs), and a game in play from its key as storage writes it (src/storage); a
// screen it does not know preloads nothing and loads as before.
(() => {
  const parts = __PARTS__;
  const [, head = '', rest = ''] = location.hash.match(/^#\/?([a-z]*)\/?(.*)$/s) ?? [];
  // The game a record names, in what `read` gives (nothing if it cannot be read).
  const gameIn = (read) => {
    try {
      return read()?.match(/"game"\s*:\s*"([a-z]+)"/)?.[1];
    } catch {
      return undefined;
    }
  };
  const game = rest.match(/^[a-z]+/)?.[0];
  const wanted = {
    new: [game],
    play: [gameIn(() => localStorage.getItem(`parlour/game/${rest}`))],
    open: ['saves', gameIn(() => decodeURIComponent(rest))],
    // A replay's game plays the record through in its own part.
    replay: ['replay', gameIn(() => decodeURIComponent(rest))],
    embed: game === 'replay'
      ? ['replay', gameIn(() => decodeURIComponent(rest.slice('replay/'.length).split('?')[0]))]
      // An embedded game may be named as a title ("Morris"), as the app reads it.
      : ['embed', rest.match(/^[a-z]+/i)?.[0]?.toLowerCase()],
    saves: ['saves'],
    rules: ['pages'],
    settings: ['pages'],
  }[head] ?? [];
  const files = new Set(wanted.flatMap((part) => parts[part] ?? []));
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = file;
    document.head.append(link);
  }
})();
