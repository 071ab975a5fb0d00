/** The menus of an access-control screen: `<name>` and `<name>-view` read, `-create` and `-update` write. */
export const menusOf = (name: string) => ({
  read: [name, `${name}-view`],
  create: [`${name}-create`],
  update: [`${name}-update`],
});
